import * as lucide from "lucide-react";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  addCustomServiceType,
  categories,
  categoryIdSchema,
  categoryIds,
  findCategory,
  isKnownServiceType,
  MAX_SERVICE_TYPE_LENGTH,
} from "./catalogue";
import { createOfferingSchema } from "./offerings";

const specIds = [
  "home-property",
  "pet-care",
  "food-beverage",
  "health-wellness",
  "education-skills",
  "automotive-transportation",
  "household-supplies",
  "technology-office",
  "personal-lifestyle",
  "kids-family",
  "hobby-recreation",
  "specialty-niche",
];

describe("category catalogue", () => {
  it("has the spec's 12 category ids in order", () => {
    expect([...categoryIds]).toEqual(specIds);
    expect(categories.map((c) => c.id)).toEqual(specIds);
  });

  it("gives categoryIds to z.enum", () => {
    expect(categoryIdSchema.parse("pet-care")).toBe("pet-care");
    expect(categoryIdSchema.safeParse("spaceships").success).toBe(false);
    expect(z.enum(categoryIds).options).toEqual(specIds);
  });

  it("gives each category a unique name and a description", () => {
    for (const category of categories) {
      expect(category.name.trim()).not.toBe("");
      expect(category.description.trim()).not.toBe("");
    }
    expect(new Set(categories.map((c) => c.name)).size).toBe(categories.length);
  });

  it.each(categories.map((c) => [c.id, c.icon]))("%s uses a real lucide icon (%s)", (_, icon) => {
    const exports: Record<string, unknown> = lucide;
    expect(icon in lucide).toBe(true);
    expect(exports[icon]).toBeTruthy();
  });

  it.each(categories.map((c) => [c.id, c]))("%s has 6–16 unique, tidy service types", (_, c) => {
    const { serviceTypes } = c as (typeof categories)[number];
    expect(serviceTypes.length).toBeGreaterThanOrEqual(6);
    expect(serviceTypes.length).toBeLessThanOrEqual(16);
    expect(new Set(serviceTypes.map((t) => t.toLowerCase())).size).toBe(serviceTypes.length);
    for (const type of serviceTypes) {
      expect(type).toBe(type.trim());
      expect(type.length).toBeLessThanOrEqual(MAX_SERVICE_TYPE_LENGTH);
    }
  });

  it("includes the spec's example service types in the fitting categories", () => {
    expect(isKnownServiceType("home-property", "Lawn Care")).toBe(true);
    expect(isKnownServiceType("pet-care", "Dog Walking")).toBe(true);
    expect(isKnownServiceType("food-beverage", "Meal Kit Delivery")).toBe(true);
    expect(isKnownServiceType("education-skills", "Tutoring")).toBe(true);
    expect(isKnownServiceType("food-beverage", "Wine Subscription")).toBe(true);
    expect(isKnownServiceType("automotive-transportation", "Mobile Car Wash")).toBe(true);
  });

  it("looks up categories and service types", () => {
    expect(findCategory("pet-care")?.name).toBe("Pet Care");
    expect(findCategory("nope")).toBeUndefined();
    expect(findCategory("__proto__")).toBeUndefined();
    expect(isKnownServiceType("home-property", "Dog Walking")).toBe(false);
    expect(isKnownServiceType("nope", "Dog Walking")).toBe(false);
  });

  it("keeps service type names within the offering contract's limit", () => {
    const valid = { title: "T", category: "pet-care", description: "D", priceCents: 0 };
    const atLimit = "x".repeat(MAX_SERVICE_TYPE_LENGTH);
    expect(createOfferingSchema.safeParse({ ...valid, subcategory: atLimit }).success).toBe(true);
    expect(createOfferingSchema.safeParse({ ...valid, subcategory: `${atLimit}x` }).success).toBe(
      false,
    );
  });
});

describe("custom service types (session only)", () => {
  it("adds a trimmed name to a category", () => {
    const result = addCustomServiceType({}, "pet-care", "  Cat Cuddling ");
    expect(result).toEqual({ custom: { "pet-care": ["Cat Cuddling"] }, added: true });
    const second = addCustomServiceType(result.custom, "pet-care", "Bird Sitting");
    expect(second.custom).toEqual({ "pet-care": ["Cat Cuddling", "Bird Sitting"] });
  });

  it("refuses a duplicate within the category, built-in or custom, whatever the case", () => {
    const first = addCustomServiceType({}, "pet-care", "Cat Cuddling");
    for (const name of ["cat cuddling", " CAT CUDDLING ", "Cat  Cuddling", "DOG WALKING"]) {
      const result = addCustomServiceType(first.custom, "pet-care", name);
      expect(result.added, name).toBe(false);
      expect(result.reason).toBe("duplicate");
      expect(result.custom).toEqual(first.custom);
    }
  });

  it("allows the same name in another category", () => {
    const first = addCustomServiceType({}, "pet-care", "Cat Cuddling");
    const other = addCustomServiceType(first.custom, "kids-family", "Cat Cuddling");
    expect(other.added).toBe(true);
    expect(other.custom).toEqual({ "pet-care": ["Cat Cuddling"], "kids-family": ["Cat Cuddling"] });
    expect(addCustomServiceType({}, "kids-family", "Dog Walking").added).toBe(true);
  });

  it("refuses an empty name, an over-long name or an unknown category", () => {
    expect(addCustomServiceType({}, "pet-care", "").reason).toBe("empty");
    expect(addCustomServiceType({}, "pet-care", " \t ").reason).toBe("empty");
    expect(addCustomServiceType({}, "pet-care", "x".repeat(81)).reason).toBe("too-long");
    expect(addCustomServiceType({}, "pet-care", ` ${"x".repeat(80)} `).added).toBe(true);
    expect(addCustomServiceType({}, "spaceships", "Rockets").reason).toBe("unknown-category");
    expect(addCustomServiceType({}, "__proto__", "Rockets").added).toBe(false);
    expect(addCustomServiceType({}, "", "Rockets").added).toBe(false);
  });

  it("is pure: never mutates the input and returns a fresh map", () => {
    const input = Object.freeze({ "pet-care": Object.freeze(["A"]) });
    const added = addCustomServiceType(input, "pet-care", "B");
    const refused = addCustomServiceType(input, "pet-care", "   ");
    expect(input).toEqual({ "pet-care": ["A"] });
    expect(added.custom).toEqual({ "pet-care": ["A", "B"] });
    expect(refused.custom).toEqual(input);
    expect(refused.custom).not.toBe(input);
    expect(refused.custom["pet-care"]).not.toBe(input["pet-care"]);
  });
});
