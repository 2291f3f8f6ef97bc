import { formatCents } from "@contracts/money";
import type { PlanChangePreview } from "@contracts/plan-billing";
import { type PlanId, planById } from "@contracts/plans";

type DateOf = (iso: string) => string;

/**
 * What a change of plan does, in a sentence, from the server's preview (Stripe's figures):
 * `current` is the plan in force now.
 */
export function planChangeSentence(
  preview: PlanChangePreview,
  current: PlanId,
  dateOf: DateOf,
): string {
  const currentName = planById(current).name;
  const next = planById(preview.plan);
  const nextCharge = preview.nextCharge
    ? ` Your next charge is ${formatCents(preview.nextCharge.amountCents)} on ${dateOf(preview.nextCharge.at)}.`
    : "";
  switch (preview.kind) {
    case "upgrade":
      return `You'll be charged ${formatCents(preview.dueNowCents)} now for the rest of this month; ${next.name}'s fee applies at once.${nextCharge}`;
    case "downgrade":
      return `${next.name} from ${dateOf(preview.effectiveAt)}; you keep ${currentName} until then.${nextCharge}`;
    case "cancel":
      return `Your plan ends on ${dateOf(preview.effectiveAt)}; after that you're on Free (${planById("free").feePercent}%).`;
    case "keep":
      return `Keep ${currentName}: the scheduled change is cancelled.${nextCharge}`;
  }
}

/** The button that makes the change. */
export function planChangeAction(preview: PlanChangePreview, current: PlanId): string {
  const name = planById(preview.plan).name;
  switch (preview.kind) {
    case "upgrade":
      return `Upgrade to ${name}`;
    case "downgrade":
      return `Switch to ${name}`;
    case "cancel":
      return "Move to Free";
    case "keep":
      return `Keep ${planById(current).name}`;
  }
}

/** What the Account tab says once the change is made. */
export function planChangedNotice(
  preview: PlanChangePreview,
  current: PlanId,
  dateOf: DateOf,
): string {
  const name = planById(preview.plan).name;
  switch (preview.kind) {
    case "upgrade":
      return `You're on ${name} now: its fee applies from your next payment.`;
    case "downgrade":
      return `You move to ${name} on ${dateOf(preview.effectiveAt)}.`;
    case "cancel":
      return `Your plan ends on ${dateOf(preview.effectiveAt)}; then you're on Free.`;
    case "keep":
      return `You keep ${planById(current).name}.`;
  }
}

/** "Visa •••• 4242, expires 12/28". */
export function cardWords(card: {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}): string {
  const brand = `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)}`;
  const expiry = `${String(card.expMonth).padStart(2, "0")}/${String(card.expYear).slice(-2)}`;
  return `${brand} •••• ${card.last4}, expires ${expiry}`;
}
