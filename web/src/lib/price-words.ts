import { type Cadence, cadenceAdverb, formatCadencePrice } from "@contracts/cadence";
import { formatCents } from "@contracts/money";
import { isFreePrice } from "@contracts/offerings";

// The sentences around a price that the dashboard, the landing page, the subscribe modal and the
// self-service page share, so a weekly price reads as weekly on every one of them (issue 20).

/**
 * "weekly", "monthly" and "yearly" also work as adjectives ("Weekly billing"); "every 2 weeks"
 * doesn't ("Every 2 weeks billing"), so those cadences are phrased with "Billed" instead.
 */
function isEveryPhrase(cadence: Cadence): boolean {
  return cadenceAdverb(cadence).startsWith("every ");
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * "$25.00/week, billed weekly."; "$45.00, billed every 2 weeks." (not "$45.00 every 2 weeks,
 * billed every 2 weeks."). Monthly stays the spec's "$25.00/month, billed monthly.".
 */
export function billedSentence(priceCents: number, cadence: Cadence): string {
  const price = isEveryPhrase(cadence)
    ? formatCents(priceCents)
    : formatCadencePrice(priceCents, cadence);
  return `${price}, billed ${cadenceAdverb(cadence)}.`;
}

/** Under the price on the self-service page: "Monthly subscription", "Billed every 2 weeks". */
export function subscriptionKind(cadence: Cadence): string {
  return isEveryPhrase(cadence)
    ? `Billed ${cadenceAdverb(cadence)}`
    : `${capitalized(cadenceAdverb(cadence))} subscription`;
}

/** The landing page's benefit line: "Monthly billing, no surprises", "Billed every 2 weeks, …". */
export function billingBenefit(cadence: Cadence): string {
  return isEveryPhrase(cadence)
    ? `Billed ${cadenceAdverb(cadence)}, no surprises`
    : `${capitalized(cadenceAdverb(cadence))} billing, no surprises`;
}

/**
 * "First 14 days free, then $25.00/week", or null when there is no trial to speak of: none was
 * chosen, or the subscription is free anyway.
 */
export function trialOffer(trialDays: number, priceCents: number, cadence: Cadence): string | null {
  if (trialDays <= 0 || isFreePrice(priceCents)) return null;
  return `First ${trialDays} days free, then ${formatCadencePrice(priceCents, cadence)}`;
}

/** Beside a price that already says its cadence: "14-day free trial", or null without one. */
export function trialLength(trialDays: number, priceCents: number): string | null {
  return trialDays <= 0 || isFreePrice(priceCents) ? null : `${trialDays}-day free trial`;
}

/** The create and edit forms' free-trial choices. */
export function trialChoiceLabel(trialDays: number): string {
  return trialDays === 0 ? "No free trial" : `${trialDays} days`;
}
