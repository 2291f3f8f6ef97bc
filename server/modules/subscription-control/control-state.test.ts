import { describe, expect, it } from "vitest";
import {
  CONTROL_MESSAGES,
  type ControlState,
  pauseAvailability,
  portalControlsOf,
  switchAvailability,
} from "./control-state";

const periodEnd = new Date("2027-06-01T12:00:00Z");
const live: ControlState = {
  status: "active",
  stripeStatus: "active",
  priceCents: 3000,
  cadence: "month",
  cancelAtPeriodEnd: false,
  currentPeriodEnd: periodEnd,
  pause: null,
  pendingSwitch: null,
  maxPausePeriods: 4,
  switchTargets: [
    { id: "full", title: "Full Lawn", priceCents: 5000 },
    { id: "trim", title: "Quick Trim", priceCents: 2000 },
  ],
};

describe("what a customer can do now", () => {
  it("lets an active paid subscription pause and switch, cheapest option first", () => {
    const controls = portalControlsOf(live);
    expect(controls.canPause).toEqual({ available: true, reason: null, maxPeriods: 4 });
    expect(controls.canSwitch).toEqual({ available: true, reason: null });
    expect(controls.nextChargeAt).toBe(periodEnd.toISOString());
    expect(controls.switchOptions.map((o) => [o.title, o.kind])).toEqual([
      ["Quick Trim", "downgrade"],
      ["Full Lawn", "upgrade"],
    ]);
  });

  it("says why not, in the order that matters to the customer", () => {
    const cases: Array<[Partial<ControlState>, string, string]> = [
      [{ status: "cancelled" }, CONTROL_MESSAGES.ended, CONTROL_MESSAGES.ended],
      [{ status: "past_due" }, CONTROL_MESSAGES.pastDuePause, CONTROL_MESSAGES.pastDueSwitch],
      [{ cancelAtPeriodEnd: true }, CONTROL_MESSAGES.ending, CONTROL_MESSAGES.ending],
      [{ stripeStatus: "trialing" }, CONTROL_MESSAGES.trialPause, CONTROL_MESSAGES.trialSwitch],
      [{ stripeStatus: "incomplete" }, CONTROL_MESSAGES.notStarted, CONTROL_MESSAGES.notStarted],
      [{ stripeStatus: null, priceCents: 0 }, CONTROL_MESSAGES.free, CONTROL_MESSAGES.free],
      [{ pause: { until: null } }, CONTROL_MESSAGES.alreadyPaused, CONTROL_MESSAGES.pausedSwitch],
    ];
    for (const [change, pauseReason, switchReason] of cases) {
      const state = { ...live, ...change };
      expect(pauseAvailability(state), JSON.stringify(change)).toEqual({
        available: false,
        reason: pauseReason,
      });
      expect(switchAvailability(state).reason, JSON.stringify(change)).toBe(switchReason);
    }
  });

  it("never offers a pause the offering doesn't allow", () => {
    expect(pauseAvailability({ ...live, maxPausePeriods: 0 }).reason).toBe(
      CONTROL_MESSAGES.noPausing,
    );
  });

  it("names a waiting switch and its day in words", () => {
    const effectiveAt = new Date("2027-06-01T12:00:00Z");
    const state = {
      ...live,
      pendingSwitch: { offeringTitle: "Quick Trim", priceCents: 2000, effectiveAt },
    };
    expect(switchAvailability(state).reason).toBe(
      "You're already switching to Quick Trim on June 1, 2027.",
    );
    expect(portalControlsOf(state).pendingSwitch?.effectiveAt).toBe(effectiveAt.toISOString());
  });

  it("dates the end and the next charge from the period and the pause", () => {
    expect(portalControlsOf({ ...live, cancelAtPeriodEnd: true })).toMatchObject({
      endsAt: periodEnd.toISOString(),
      nextChargeAt: null,
    });
    const until = new Date("2027-09-01T12:00:00Z");
    expect(portalControlsOf({ ...live, pause: { until } })).toMatchObject({
      pause: { until: until.toISOString() },
      nextChargeAt: until.toISOString(),
    });
    expect(portalControlsOf({ ...live, status: "cancelled" })).toMatchObject({
      endsAt: null,
      nextChargeAt: null,
      switchOptions: [],
    });
  });
});
