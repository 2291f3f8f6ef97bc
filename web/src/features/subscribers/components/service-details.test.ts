import { describe, expect, it } from "vitest";
import { addressLines } from "./service-details";

describe("addressLines", () => {
  it("writes the address as on an envelope, leaving out empty parts", () => {
    expect(
      addressLines({
        line1: "123 Valencia St",
        line2: "Apt 4",
        city: "San Francisco",
        state: "CA",
        postalCode: "94110",
        country: "US",
      }),
    ).toEqual(["123 Valencia St", "Apt 4", "San Francisco, CA 94110", "United States"]);
    expect(
      addressLines({
        line1: "5 High St",
        line2: "",
        city: "London",
        state: "",
        postalCode: "SW1A 1AA",
        country: "GB",
      }),
    ).toEqual(["5 High St", "London, SW1A 1AA", "United Kingdom"]);
  });
});
