import * as lucide from "lucide-react";
import { describe, expect, it } from "vitest";
import {
  addCustomServiceType,
  categories,
  categoryIds,
  findCategory,
  isKnownServiceType,
} from "./catalogue";

describe("category catalogue", () => {
  it("has the spec's 12 category ids in order", () => {
    expect(categories.map((c) => c.id)).toEqual([...categoryIds]);
    expect(categoryIds).toHaveLength(12);
  });

  it("gives each category a name, a real lucide icon and 6–16 unique service types", () => {
    for (const category of categories) {
      expect(category.name.length).toBeGreaterThan(0);
      expect(category.icon in lucide, `${category.icon} is a lucide icon`).toBe(true);
      expect(category.serviceTypes.length).toBeGreaterThanOrEqual(6);
      expect(category.serviceTypes.length).toBeLessThanOrEqual(16);
      expect(new Set(category.serviceTypes.map((t) => t.toLowerCase())).size).toBe(
        category.serviceTypes.length,
      );
    }
  });

  it("includes the spec's example service types", () => {
    const all = categories.flatMap((c) => c.serviceTypes);
    for (const example of [
      "Lawn Care",
      "Dog Walking",
      "Meal Kit Delivery",
      "Tutoring",
      "Wine Subscription",
      "Mobile Car Wash",
    ]) {
      expect(all).toContain(example);
    }
    expect(isKnownServiceType("pet-care", "Dog Walking")).toBe(true);
    expect(findCategory("nope")).toBeUndefined();
  });
});

describe("custom service types (session only)", () => {
  it("adds a trimmed name to a category", () => {
    const { custom, added } = addCustomServiceType({}, "pet-care", "  Cat Cuddling ");
    expect(added).toBe(true);
    expect(custom).toEqual({ "pet-care": ["Cat Cuddling"] });
  });

  it("does not add a duplicate within the category, built-in or custom, whatever the case", () => {
    const first = addCustomServiceType({}, "pet-care", "Cat Cuddling");
    expect(addCustomServiceType(first.custom, "pet-care", "cat cuddling").added).toBe(false);
    expect(addCustomServiceType(first.custom, "pet-care", "DOG WALKING").added).toBe(false);
    // The same name is fine in another category.
    expect(addCustomServiceType(first.custom, "kids-family", "Cat Cuddling").added).toBe(true);
  });

  it("refuses an empty name or an unknown category and leaves the input untouched", () => {
    const input = { "pet-care": ["A"] };
    expect(addCustomServiceType(input, "pet-care", "   ").added).toBe(false);
    expect(addCustomServiceType(input, "spaceships", "Rockets").added).toBe(false);
    expect(input).toEqual({ "pet-care": ["A"] });
  });
});
