import { describe, expect, it } from "vitest";
import { flattenIssues, nestErrors } from "./form-errors";

describe("flattenIssues", () => {
  it("keeps the first message of each path, under a prefix", () => {
    expect(
      flattenIssues(
        [
          { path: ["address", "city"], message: "City is required" },
          { path: ["address", "city"], message: "City is too long" },
          { path: ["phone"], message: "Enter a phone number" },
        ],
        "",
      ),
    ).toEqual({ "address.city": "City is required", phone: "Enter a phone number" });
    expect(flattenIssues([{ path: ["name"], message: "Full Name is required" }], "info.")).toEqual({
      "info.name": "Full Name is required",
    });
  });
});

describe("nestErrors", () => {
  it("nests dotted paths as react-hook-form reads them", () => {
    expect(
      nestErrors({
        "address.postalCode": "Enter a postal code",
        "answers.8a0e-uuid": "Gate code is required",
        email: "Enter a valid email address",
      }),
    ).toEqual({
      address: { postalCode: { type: "validate", message: "Enter a postal code" } },
      answers: { "8a0e-uuid": { type: "validate", message: "Gate code is required" } },
      email: { type: "validate", message: "Enter a valid email address" },
    });
  });
});
