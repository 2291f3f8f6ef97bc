import { describe, expect, it } from "vitest";
import {
  checkServiceAddress,
  isOutsideServiceArea,
  outsideAreaFieldMessage,
  serviceAddressFormValues,
} from "./service-address-form";

const filled = () => {
  const values = serviceAddressFormValues();
  values.address = {
    line1: " 1 Main St ",
    line2: "",
    city: "San Francisco",
    state: "CA",
    postalCode: "94110",
    country: "US",
  };
  values.phone = "(415) 555-0134";
  return values;
};

describe("serviceAddressFormValues", () => {
  it("starts blank in the United States, or from a stored address", () => {
    expect(serviceAddressFormValues()).toEqual({
      address: { line1: "", line2: "", city: "", state: "", postalCode: "", country: "US" },
      phone: "",
    });
    const stored = {
      line1: "2 High St",
      line2: "Flat 3",
      city: "London",
      state: "",
      postalCode: "SW1A 1AA",
      country: "GB" as const,
    };
    expect(serviceAddressFormValues(stored, "+44 20 7946 0000")).toEqual({
      address: stored,
      phone: "+44 20 7946 0000",
    });
  });
});

describe("checkServiceAddress", () => {
  it("trims and accepts a complete address", () => {
    const check = checkServiceAddress(filled());
    expect(check).toEqual({
      ok: true,
      address: expect.objectContaining({ line1: "1 Main St", postalCode: "94110" }),
      phone: "(415) 555-0134",
    });
  });

  it("names each missing or malformed field by its path", () => {
    const values = filled();
    values.address.line1 = "";
    values.address.postalCode = "!";
    values.phone = "12";
    const check = checkServiceAddress(values);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(Object.keys(check.errors)).toEqual(["address.line1", "address.postalCode", "phone"]);
    expect(check.errors["address.line1"]).toContain("Street address");
  });
});

describe("isOutsideServiceArea", () => {
  it("compares normalised prefixes, and an empty area serves anywhere", () => {
    expect(isOutsideServiceArea("94110", [])).toBe(false);
    expect(isOutsideServiceArea("94110", ["940", "941"])).toBe(false);
    expect(isOutsideServiceArea("sw1a 1aa", ["SW1A"])).toBe(false);
    expect(isOutsideServiceArea("10001", ["940", "941"])).toBe(true);
  });

  it("says the area in the self-service page's words", () => {
    expect(outsideAreaFieldMessage(["940", "941"])).toBe(
      "This business visits postal codes starting with 940 and 941. Enter an address inside its area.",
    );
  });
});
