import type { PlanChangePreview } from "@contracts/plan-billing";
import { describe, expect, it } from "vitest";
import {
  cardWords,
  planChangeAction,
  planChangedNotice,
  planChangeSentence,
} from "./plan-change-words";

const dateOf = (iso: string) => iso.slice(0, 10);
const preview = (fields: Partial<PlanChangePreview>): PlanChangePreview => ({
  plan: "premium",
  kind: "downgrade",
  dueNowCents: 0,
  prorationDate: 1_769_904_000,
  effectiveAt: "2026-02-01T00:00:00.000Z",
  nextCharge: null,
  ...fields,
});

describe("the words of a plan change", () => {
  it("says what an upgrade costs now and that its fee applies at once", () => {
    const upgrade = preview({
      plan: "professional",
      kind: "upgrade",
      dueNowCents: 15_000,
      effectiveAt: "2026-01-10T00:00:00.000Z",
      nextCharge: { at: "2026-02-01T00:00:00.000Z", amountCents: 49_900 },
    });
    expect(planChangeSentence(upgrade, "premium", dateOf)).toBe(
      "You'll be charged $150.00 now for the rest of this month; Professional's fee applies at once. Your next charge is $499.00 on 2026-02-01.",
    );
    expect(planChangeAction(upgrade, "premium")).toBe("Upgrade to Professional");
    expect(planChangedNotice(upgrade, "premium", dateOf)).toBe(
      "You're on Professional now: its fee applies from your next payment.",
    );
  });

  it("says when a downgrade or leaving takes effect, and that the paid month is kept", () => {
    const downgrade = preview({
      nextCharge: { at: "2026-02-01T00:00:00.000Z", amountCents: 19_900 },
    });
    expect(planChangeSentence(downgrade, "professional", dateOf)).toBe(
      "Premium from 2026-02-01; you keep Professional until then. Your next charge is $199.00 on 2026-02-01.",
    );
    expect(planChangeAction(downgrade, "professional")).toBe("Switch to Premium");
    const cancel = preview({ plan: "free", kind: "cancel" });
    expect(planChangeSentence(cancel, "premium", dateOf)).toBe(
      "Your plan ends on 2026-02-01; after that you're on Free (15%).",
    );
    expect(planChangeAction(cancel, "premium")).toBe("Move to Free");
    expect(planChangedNotice(cancel, "premium", dateOf)).toBe(
      "Your plan ends on 2026-02-01; then you're on Free.",
    );
    expect(planChangedNotice(downgrade, "professional", dateOf)).toBe(
      "You move to Premium on 2026-02-01.",
    );
  });

  it("keeps the plan in force when its scheduled change is undone", () => {
    const keep = preview({ plan: "professional", kind: "keep" });
    expect(planChangeSentence(keep, "professional", dateOf)).toBe(
      "Keep Professional: the scheduled change is cancelled.",
    );
    expect(planChangeAction(keep, "professional")).toBe("Keep Professional");
    expect(planChangedNotice(keep, "professional", dateOf)).toBe("You keep Professional.");
  });

  it("writes a card as its brand, last four digits and expiry", () => {
    expect(cardWords({ brand: "visa", last4: "4242", expMonth: 3, expYear: 2029 })).toBe(
      "Visa •••• 4242, expires 03/29",
    );
  });
});
