import { describe, expect, it } from "vitest";
import { nextSecond, type PlanSubscriptionFacts, planPeriodsOf } from "./plan-subscription-state";

const now = new Date("2027-03-14T12:00:00.400Z");
const monthEnd = new Date("2027-04-14T12:00:00Z");
const facts = (over: Partial<PlanSubscriptionFacts>): PlanSubscriptionFacts => ({
  status: "active",
  plan: "premium",
  from: null,
  cancelAtPeriodEnd: false,
  periodEnd: monthEnd,
  endedAt: null,
  isRecorded: true,
  now,
  ...over,
});
const keptUntil = new Date("2027-03-14T12:00:02Z");

describe("the plan periods a plan subscription means", () => {
  it("a purchase is in force from the second after it is recorded", () => {
    expect(nextSecond(now)).toEqual(new Date("2027-03-14T12:00:01Z"));
    expect(planPeriodsOf(facts({ isRecorded: false }))).toEqual({
      deleteAfter: keptUntil,
      writes: [{ plan: "premium", effectiveAt: new Date("2027-03-14T12:00:01Z") }],
    });
  });

  it("an unpaid attempt, or one that never was, writes nothing", () => {
    expect(planPeriodsOf(facts({ status: "incomplete", isRecorded: false })).writes).toEqual([]);
    expect(planPeriodsOf(facts({ status: "canceled", isRecorded: false })).writes).toEqual([]);
  });

  it("a recorded plan rewrites its scheduled decisions from Stripe: none, a downgrade, leaving", () => {
    // Nothing scheduled: whatever was (a downgrade undone) is dropped, the purchase kept.
    expect(planPeriodsOf(facts({}))).toEqual({ deleteAfter: keptUntil, writes: [] });
    expect(planPeriodsOf(facts({ from: monthEnd })).writes).toEqual([
      { plan: "premium", effectiveAt: monthEnd },
    ]);
    expect(planPeriodsOf(facts({ cancelAtPeriodEnd: true })).writes).toEqual([
      { plan: "free", effectiveAt: monthEnd },
    ]);
  });

  it("past due keeps the plan while Stripe retries; ended is Free from its end", () => {
    expect(planPeriodsOf(facts({ status: "past_due" })).writes).toEqual([]);
    const endedAt = new Date("2027-03-30T00:00:00Z");
    expect(planPeriodsOf(facts({ status: "canceled", endedAt }))).toEqual({
      deleteAfter: endedAt,
      writes: [{ plan: "free", effectiveAt: endedAt }],
    });
  });
});
