import { describe, expect, it } from "vitest";
import { cadences } from "../../../contracts/cadence";
import { publicOfferingWith } from "../../../tests/factories/public-offering-factory";
import { buildOfferingJsonLd, formatSchemaPrice } from "./offering-structured-data";

const offering = publicOfferingWith();
const addresses = {
  canonicalUrl: "https://regulars.example/landing/weekly-lawn-care-3f9a1c2b",
  imageUrl: "https://regulars.example/og/weekly-lawn-care-3f9a1c2b/AAAAAAAAAAAAAAAA.png",
};

describe("formatSchemaPrice", () => {
  it("writes integer cents as a decimal string with two places, without float rounding", () => {
    expect(formatSchemaPrice(3000)).toBe("30.00");
    expect(formatSchemaPrice(2505)).toBe("25.05");
    expect(formatSchemaPrice(0)).toBe("0.00");
    expect(formatSchemaPrice(7)).toBe("0.07");
    expect(formatSchemaPrice(10_000_000)).toBe("100000.00");
    // 0.1 + 0.2 territory: 1.15 * 100 is 114.99999999999999 as a float.
    expect(formatSchemaPrice(115)).toBe("1.15");
  });
});

describe("buildOfferingJsonLd", () => {
  it("describes a Product with an in-stock USD Offer billed per month", () => {
    expect(buildOfferingJsonLd(offering, addresses)).toEqual({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Weekly Lawn Care",
      description: "Mowing and edging, every week.",
      category: "Lawn Care",
      url: addresses.canonicalUrl,
      image: addresses.imageUrl,
      brand: { "@type": "Brand", name: "Green Thumb" },
      offers: {
        "@type": "Offer",
        url: addresses.canonicalUrl,
        price: "30.00",
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
        seller: { "@type": "Organization", name: "Green Thumb" },
        priceSpecification: {
          "@type": "UnitPriceSpecification",
          price: "30.00",
          priceCurrency: "USD",
          unitCode: "MON",
          billingDuration: 1,
          referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "MON" },
        },
      },
    });
  });

  it("states the period one charge pays for, in UN/CEFACT units, for each cadence", () => {
    const expected = {
      week: [1, "WEE"],
      two_weeks: [2, "WEE"],
      month: [1, "MON"],
      three_months: [3, "MON"],
      year: [1, "ANN"],
    } as const;
    for (const cadence of cadences) {
      const [count, unitCode] = expected[cadence];
      const jsonLd = buildOfferingJsonLd({ ...offering, priceCents: 4500, cadence }, addresses);
      expect(jsonLd.offers, cadence).toMatchObject({
        price: "45.00",
        priceSpecification: {
          "@type": "UnitPriceSpecification",
          price: "45.00",
          priceCurrency: "USD",
          unitCode,
          billingDuration: count,
          referenceQuantity: { "@type": "QuantitativeValue", value: count, unitCode },
        },
      });
    }
  });

  it("states no price per period for a free offering, which bills nothing (issue 18)", () => {
    const jsonLd = buildOfferingJsonLd({ ...offering, priceCents: 0 }, addresses);
    expect(jsonLd.offers).toMatchObject({ price: "0.00", priceCurrency: "USD" });
    expect(jsonLd.offers).not.toHaveProperty("priceSpecification");
  });

  it("names no brand or seller when the creator has no name to show", () => {
    for (const creatorName of [null, "   "]) {
      const jsonLd = buildOfferingJsonLd({ ...offering, creatorName }, addresses);
      expect(jsonLd).not.toHaveProperty("brand");
      expect(jsonLd.offers).not.toHaveProperty("seller");
    }
  });
});
