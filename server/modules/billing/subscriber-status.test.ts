import { describe, expect, it } from "vitest";
import { subscriberStatusFor } from "./subscriber-status";

describe("subscriberStatusFor", () => {
  it.each([
    ["active", "active"],
    ["trialing", "active"],
    ["past_due", "past_due"],
    ["unpaid", "past_due"],
    ["canceled", "cancelled"],
    ["incomplete_expired", "cancelled"],
    ["incomplete", null],
  ] as const)("maps Stripe's %s to %s", (stripeStatus, expected) => {
    expect(subscriberStatusFor(stripeStatus)).toBe(expected);
  });
});
