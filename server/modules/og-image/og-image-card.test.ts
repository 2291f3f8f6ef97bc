import { describe, expect, it } from "vitest";
import type { Cadence } from "../../../contracts/cadence";
import { publicOfferingWith } from "../../../tests/factories/public-offering-factory";
import {
  OG_IMAGE_VERSION_PATTERN,
  ogImageCardFor,
  ogImagePath,
  ogImageVersion,
} from "./og-image-card";

const offering = publicOfferingWith();

describe("the preview image's card and address", () => {
  it("shows the title, the monthly price, the service type and the business", () => {
    expect(ogImageCardFor(offering)).toEqual({
      title: "Weekly Lawn Care",
      priceLabel: "$30.00/month",
      category: "Lawn Care",
      creatorName: "Green Thumb",
    });
  });

  it("says the cadence new subscribers get with the price (issue 20)", () => {
    const labelOf = (cadence: Cadence) =>
      ogImageCardFor({ ...offering, priceCents: 4500, cadence }).priceLabel;
    expect(labelOf("week")).toBe("$45.00/week");
    expect(labelOf("two_weeks")).toBe("$45.00 every 2 weeks");
    expect(labelOf("month")).toBe("$45.00/month");
    expect(labelOf("three_months")).toBe("$45.00 every 3 months");
    expect(labelOf("year")).toBe("$45.00/year");
  });

  it("says Free for a free offering, never $0.00/month (issue 18), whatever its cadence", () => {
    expect(ogImageCardFor({ ...offering, priceCents: 0 }).priceLabel).toBe("Free");
    expect(ogImageCardFor({ ...offering, priceCents: 0, cadence: "week" }).priceLabel).toBe("Free");
  });

  it("gets a new address when anything it shows changes, and only then", () => {
    const version = ogImageVersion(ogImageCardFor(offering));
    const path = ogImagePath(offering.customUrl, ogImageCardFor(offering));
    expect(path).toBe(`/og/weekly-lawn-care-3f9a1c2b/${version}.png`);
    expect(OG_IMAGE_VERSION_PATTERN.exec(path.split("/").at(-1)!)?.[1]).toBe(version);
    // The description isn't drawn, so editing it keeps the cached image.
    expect(ogImageVersion(ogImageCardFor({ ...offering, description: "Other" }))).toBe(version);
    for (const change of [
      { priceCents: 3500 },
      { cadence: "week" as const },
      { cadence: "year" as const },
      { title: "Weekly Lawn Care!" },
      { subcategory: "Landscaping" },
      { creatorName: "Blue Thumb" },
    ]) {
      expect(
        ogImageVersion(ogImageCardFor({ ...offering, ...change })),
        JSON.stringify(change),
      ).not.toBe(version);
    }
  });
});
