// After the simulated year: every payment's fee is the one Stripe took on its invoice, fits the
// plan the payment says it followed, and that plan is the one the bench had put in force when the
// invoice was made; every creator's plan invoices at the platform are exactly the months billed
// and the upgrade's proration the bench expected, each as the Account tab lists it; every
// creator ends on the plan the actions leave them on.
import type Stripe from "stripe";
import {
  applicationFeeCents,
  feeFitsPlan,
  type PlanId,
  planIds,
  subscriptionPriceOfInvoice,
} from "../../contracts/plans";
import type { EarningRow } from "./simulated-year-ledger";
import { type CreatorPlans, planAt } from "./simulated-year-plans";

export interface PlanFigures {
  /** Paid earnings rows by the plan they say they followed: how many, charged and fees. */
  fees: Record<PlanId, { rows: number; amountCents: number; feeCents: number }>;
  /** Per creator: the plan charges expected and paid at the platform, in order. */
  planInvoices: Array<{ expectedCents: number[]; paidCents: number[] }>;
  /** Per creator: GET /api/plan at the end, and the change it has scheduled. */
  finalPlans: Array<{ plan: PlanId; scheduled: PlanId | null }>;
  repricing: { waits: number; seconds: number };
  /** Payments whose fee (the one Stripe took) doesn't fit their plan (feeFitsPlan). */
  feeMisfits: string[];
  /** Everything else that doesn't reconcile, in words with its ids. */
  mismatches: string[];
}

/** A paid plan invoice (the platform's own subscription, metadata kind "creator_plan"). */
export const isPlanInvoice = (invoice: Stripe.Invoice) =>
  invoice.parent?.subscription_details?.metadata?.kind === "creator_plan";

export async function checkPlans(input: {
  plans: CreatorPlans;
  stripe: Stripe;
  /** The customers' paid invoices, with `payments` expanded. */
  customerInvoices: readonly Stripe.Invoice[];
  planInvoices: readonly Stripe.Invoice[];
  earningRows: readonly EarningRow[];
}): Promise<PlanFigures> {
  const { plans, stripe } = input;
  const mismatches: string[] = [];
  const feeMisfits: string[] = [];
  const fees = Object.fromEntries(
    planIds.map((plan) => [plan, { rows: 0, amountCents: 0, feeCents: 0 }]),
  ) as PlanFigures["fees"];

  const invoices = new Map(input.customerInvoices.map((invoice) => [invoice.id!, invoice]));
  const paidRows = input.earningRows.filter((row) => row.status === "Paid");
  const taken = await applicationFees(
    stripe,
    paidRows.flatMap((row) => invoices.get(row.invoiceId) ?? []),
  );
  for (const row of paidRows) {
    const invoice = invoices.get(row.invoiceId);
    // The ledger reports a row of no paid invoice.
    if (!invoice) continue;
    const figures = fees[row.plan];
    figures.rows += 1;
    figures.amountCents += row.amountCents;
    figures.feeCents += row.feeCents;
    const what = `invoice ${invoice.id} (creator ${row.creator + 1}, ${row.amountCents} cents, ${invoice.billing_reason})`;
    const stripeFee = taken.get(invoice.id!) ?? 0;
    if (row.feeCents !== stripeFee)
      mismatches.push(`${what}: fee ${row.feeCents} cents, Stripe took ${stripeFee}`);
    // The subscription's share of the charge, from the price its invoice was made at.
    const priceCents = subscriptionPriceOfInvoice(invoice);
    if (!feeFitsPlan(row.plan, row.amountCents, row.feeCents, priceCents))
      feeMisfits.push(
        `${what}: fee ${row.feeCents} cents doesn't fit ${row.plan} on a price of ${priceCents} (${applicationFeeCents(row.plan, row.amountCents, priceCents)} exactly)`,
      );
    const expected = planAt(plans.timelines[row.creator]!, invoice.created);
    if (row.plan !== expected)
      mismatches.push(
        `${what}: made ${new Date(invoice.created * 1000).toISOString()} under ${expected}, the row says ${row.plan}`,
      );
  }

  const now = await plans.clock();
  const planInvoices: PlanFigures["planInvoices"] = [];
  const finalPlans: PlanFigures["finalPlans"] = [];
  for (const [creator, timeline] of plans.timelines.entries()) {
    const account = await plans.read(creator);
    const future = timeline.find((period) => period.from > now) ?? null;
    finalPlans.push({ plan: account.plan, scheduled: account.scheduledChange?.plan ?? null });
    const expectedPlan = planAt(timeline, now);
    if (
      account.plan !== expectedPlan ||
      (account.scheduledChange?.plan ?? null) !== (future?.plan ?? null)
    )
      mismatches.push(
        `creator ${creator + 1}: ends on ${account.plan} (then ${account.scheduledChange?.plan ?? "nothing"}), the actions leave ${expectedPlan} (then ${future?.plan ?? "nothing"})`,
      );

    const subscriptionId = plans.planSubscriptions[creator];
    const customer = subscriptionId
      ? ((await stripe.subscriptions.retrieve(subscriptionId)).customer as string)
      : null;
    const paid = input.planInvoices
      .filter((invoice) => customer && invoice.customer === customer)
      .sort((a, b) => a.created - b.created);
    const expectedCents = plans.expectedCharges[creator]!.map((charge) => charge.cents);
    const paidCents = paid.map((invoice) => invoice.amount_paid);
    planInvoices.push({ expectedCents, paidCents });
    if (paidCents.join() !== expectedCents.join())
      mismatches.push(
        `creator ${creator + 1}: plan invoices paid [${paidCents.join(", ")}] cents, expected [${plans.expectedCharges[creator]!.map((c) => `${c.cents} (${c.what})`).join(", ")}]`,
      );
    const listed = new Map(account.invoices.map((row) => [row.id, row]));
    for (const invoice of paid) {
      const row = listed.get(invoice.id!);
      if (row?.status !== "paid" || row.amountCents !== invoice.amount_paid)
        mismatches.push(
          `creator ${creator + 1}: plan invoice ${invoice.id} paid ${invoice.amount_paid} cents, GET /api/plan lists ${row ? `${row.status} ${row.amountCents}` : "nothing"}`,
        );
    }
    const listedPaid = account.invoices.filter((row) => row.status === "paid").length;
    if (listedPaid !== paid.length)
      mismatches.push(
        `creator ${creator + 1}: ${paid.length} plan invoices paid, GET /api/plan lists ${listedPaid}`,
      );
  }
  return {
    fees,
    planInvoices,
    finalPlans,
    repricing: { ...plans.repricing },
    feeMisfits,
    mismatches: [...plans.mismatches, ...mismatches],
  };
}

/**
 * What Stripe took on each invoice: its PaymentIntent's application fee (none when a code took
 * it to $0 and nothing was charged), a few reads at a time.
 */
async function applicationFees(stripe: Stripe, invoices: readonly Stripe.Invoice[]) {
  const out = new Map<string, number>();
  const queue = [...invoices];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let invoice = queue.shift(); invoice; invoice = queue.shift()) {
        const intent = invoice.payments?.data[0]?.payment?.payment_intent;
        const id = typeof intent === "string" ? intent : intent?.id;
        const fee = id ? (await stripe.paymentIntents.retrieve(id)).application_fee_amount : 0;
        out.set(invoice.id!, fee ?? 0);
      }
    }),
  );
  return out;
}
