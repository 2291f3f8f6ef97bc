import { describe, expect, it } from "vitest";
import { planAt } from "./plan-timeline";

describe("planAt", () => {
  const premiumFrom = new Date("2027-03-14T12:00:00Z");
  const freeFrom = new Date("2027-04-14T12:00:00Z");
  const timeline = [
    { plan: "premium" as const, effectiveAt: premiumFrom },
    { plan: "free" as const, effectiveAt: freeFrom },
  ];

  it("is Free before any period, and with none at all", () => {
    expect(planAt(timeline, new Date(premiumFrom.getTime() - 1000))).toBe("free");
    expect(planAt(undefined, premiumFrom)).toBe("free");
    expect(planAt([], premiumFrom)).toBe("free");
  });

  it("is the latest period begun, from its very second", () => {
    expect(planAt(timeline, premiumFrom)).toBe("premium");
    expect(planAt(timeline, new Date(freeFrom.getTime() - 1000))).toBe("premium");
    expect(planAt(timeline, freeFrom)).toBe("free");
  });
});
