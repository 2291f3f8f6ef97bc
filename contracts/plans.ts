export const planIds = ["free", "premium", "professional"] as const;
export type PlanId = (typeof planIds)[number];

export interface Plan {
  id: PlanId;
  name: string;
  monthlyPriceCents: number;
  /** The platform's share of each charge, card processing included (ADR 037). */
  feePercent: number;
  /** Professional: card processing is passed through at Stripe's cost on top of the fee. */
  passesProcessingThrough: boolean;
}

export const plans: readonly Plan[] = [
  {
    id: "free",
    name: "Free",
    monthlyPriceCents: 0,
    feePercent: 15,
    passesProcessingThrough: false,
  },
  {
    id: "premium",
    name: "Premium",
    monthlyPriceCents: 19_900,
    feePercent: 5,
    passesProcessingThrough: false,
  },
  {
    id: "professional",
    name: "Professional",
    monthlyPriceCents: 49_900,
    feePercent: 0,
    passesProcessingThrough: true,
  },
];

export function planById(id: PlanId): Plan {
  const plan = plans.find((candidate) => candidate.id === id);
  if (!plan) throw new Error(`Unknown plan: ${id}`);
  return plan;
}

/**
 * Stripe's standard US card rate, in hundredths of a percent and cents: what a Professional
 * creator's charge costs the platform to process, and so what it passes through (ADR 037).
 * Cards that cost more (international, conversion) are the platform's cost.
 */
export const CARD_PROCESSING = { basisPoints: 290, fixedCents: 30 } as const;

/**
 * How many subscriptions (offerings) one creator can have: each is a Stripe product on the
 * platform's shared account. The server enforces it; the plan copy says it.
 */
export const MAX_OFFERINGS_PER_CREATOR = 200;

/** The plan every creator starts on, and falls back to when a paid plan ends. */
export const FREE_PLAN_FEE_PERCENT = planById("free").feePercent;

/**
 * The `application_fee_percent` a subscription of `priceCents` (its full price) carries under
 * `plan`. Free and Premium: the plan's share. Professional: Stripe's processing of a charge of
 * the full price, 2.9% + 30¢, as a share of it, rounded up to Stripe's two decimals so the
 * platform never pays processing on a full charge (at most a hundredth of a percent over).
 * Capped at 100.
 */
export function subscriptionFeePercent(plan: PlanId, priceCents: number): number {
  const terms = planById(plan);
  if (!terms.passesProcessingThrough) return terms.feePercent;
  if (priceCents <= 0) return 0;
  // In hundredths of a percent: 2.90% plus the fixed 30¢ as a share of the price.
  const hundredths =
    CARD_PROCESSING.basisPoints + Math.ceil((CARD_PROCESSING.fixedCents * 10_000) / priceCents);
  return Math.min(10_000, hundredths) / 100;
}

/**
 * The platform's fee on one charge of `chargeCents` from a subscription whose full price is
 * `priceCents` (the charge itself, for a full charge): every fee we set on an invoice, expect,
 * record or reconcile comes from here (ADR 037, amended). It is always the subscription's
 * percentage of the charge, rounded to the cent as Stripe rounds `application_fee_percent`, so
 * every invoice takes the same fee whether Stripe finalizes it at once (a first charge, a
 * switch's proration) or we set it on its draft (a renewal). On Professional that is exactly
 * Stripe's 2.9% + 30¢ on a full charge, and the same share of a discounted or prorated one.
 * Nothing is charged on $0.
 */
export function applicationFeeCents(
  plan: PlanId,
  chargeCents: number,
  priceCents: number = chargeCents,
): number {
  if (chargeCents <= 0) return 0;
  return Math.round((chargeCents * subscriptionFeePercent(plan, priceCents)) / 100);
}

/** Whether `takenCents` is the fee `applicationFeeCents` gives: the reconciliation's test. */
export function feeFitsPlan(
  plan: PlanId,
  chargeCents: number,
  takenCents: number,
  priceCents: number = chargeCents,
): boolean {
  return takenCents === applicationFeeCents(plan, chargeCents, priceCents);
}

/** One line of an invoice, as much of it as the subscription's price is read from. */
export interface InvoiceLineFacts {
  amount: number;
  quantity: number | null;
  pricing?: { unit_amount_decimal?: string | null } | null;
  parent?: { subscription_item_details?: { proration: boolean } | null } | null;
}

/**
 * The full price of the subscription an invoice was made for: its period's lines at their unit
 * price (a renewal, a first charge, before any discount), or for an invoice of prorations alone
 * (a switch's upgrade) the line charging the new price. What the subscription's percentage was
 * worked out from when the invoice was made.
 */
export function subscriptionPriceOfInvoice(invoice: {
  subtotal: number;
  lines: { data: InvoiceLineFacts[] };
}): number {
  const unitTotal = (line: InvoiceLineFacts) =>
    Math.round(Number(line.pricing?.unit_amount_decimal ?? line.amount) * (line.quantity ?? 1));
  const items = invoice.lines.data.filter((line) => line.parent?.subscription_item_details);
  const period = items.filter((line) => !line.parent?.subscription_item_details?.proration);
  if (period.length > 0) return period.reduce((sum, line) => sum + unitTotal(line), 0);
  const charged = items.filter((line) => line.amount > 0);
  if (charged.length > 0) return charged.reduce((sum, line) => sum + unitTotal(line), 0);
  return invoice.subtotal;
}
