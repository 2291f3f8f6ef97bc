import type Stripe from "stripe";
import {
  applicationFeeCents,
  feeFitsPlan,
  subscriptionPriceOfInvoice,
} from "../../../contracts/plans";
import type { Metrics } from "../../integrations/metrics/metrics";
import { paymentIntentIdOf } from "../../integrations/stripe/invoice-payment-intent";
import { type BillingDeps, syncStripeSubscription } from "../billing/billing-sync";
import { listPlanPeriods } from "../plans/plan-period-repository";
import { isCreatorPlanMetadata } from "../plans/plan-subscription-state";
import { planAt } from "../plans/plan-timeline";
import {
  findEarningsByInvoiceIds,
  listConnectedCreators,
  listEarningsSince,
} from "./reconciliation-repository";

type DifferenceKind =
  | "missing_earning"
  | "gross_mismatch"
  | "fee_mismatch"
  | "missing_transfer"
  | "transfer_mismatch"
  | "not_paid_in_stripe"
  /** The fee Stripe took doesn't fit the creator's plan in force when the invoice was made. */
  | "plan_fee_mismatch";

interface Difference {
  kind: DifferenceKind;
  invoiceId: string;
  userId: string | null;
  recordedCents: number | null;
  stripeCents: number | null;
  isRepaired: boolean;
}

export interface ReconciliationReport {
  since: string;
  invoicesChecked: number;
  differences: Difference[];
}

function subscriptionIdOf(invoice: Stripe.Invoice): string | null {
  const ref = invoice.parent?.subscription_details?.subscription;
  if (!ref) return null;
  return typeof ref === "string" ? ref : ref.id;
}

async function listAll<T>(list: Stripe.ApiListPromise<T>, keep: (item: T) => boolean) {
  const items: T[] = [];
  await list.autoPagingEach((item) => {
    if (keep(item)) items.push(item);
  });
  return items;
}

/**
 * Compares what we recorded with what Stripe says was paid since `since`: each paid invoice
 * has its earnings row, with Stripe's gross, application fee, and a transfer of the gross to the
 * creator's account; each row we hold is a paid invoice. A row a missed webhook left out is
 * repaired from Stripe (the same sync the webhooks run); other differences are logged and
 * counted for a person to look at, never changed by guesswork.
 */
export async function reconcileEarnings(
  deps: BillingDeps & { metrics: Metrics },
  options: { since: Date },
): Promise<ReconciliationReport> {
  const sinceSeconds = Math.floor(options.since.getTime() / 1000);
  const isRecent = (item: { created: number }) => item.created >= sinceSeconds;
  const invoices = await listAll(
    deps.stripe.invoices.list({
      status: "paid",
      created: { gte: sinceSeconds },
      limit: 100,
      expand: ["data.payments"],
    }),
    // The creators' own plan invoices (ADR 038) are the platform's revenue, not earnings.
    (invoice) =>
      isRecent(invoice) &&
      invoice.amount_paid > 0 &&
      subscriptionIdOf(invoice) !== null &&
      !isCreatorPlanMetadata(invoice.parent?.subscription_details?.metadata),
  );
  const fees = await listAll(
    deps.stripe.applicationFees.list({ created: { gte: sinceSeconds }, limit: 100 }),
    isRecent,
  );
  const feeByCharge = new Map(
    fees.map((fee) => [typeof fee.charge === "string" ? fee.charge : fee.charge.id, fee]),
  );
  // Stripe groups a destination charge's transfer as "group_<PaymentIntent id>".
  const transferByIntent = new Map<string, { transfer: Stripe.Transfer; userId: string }>();
  for (const creator of await listConnectedCreators(deps.db)) {
    const transfers = await listAll(
      deps.stripe.transfers.list({
        destination: creator.stripeAccountId,
        created: { gte: sinceSeconds },
        limit: 100,
      }),
      isRecent,
    );
    for (const transfer of transfers) {
      const intent = transfer.transfer_group?.replace(/^group_/, "");
      if (intent) transferByIntent.set(intent, { transfer, userId: creator.userId });
    }
  }

  const differences: Difference[] = [];
  const note = (difference: Difference) => {
    differences.push(difference);
    deps.metrics.reconciliationDifferences.inc({
      kind: difference.kind,
      repaired: String(difference.isRepaired),
    });
    const log = difference.isRepaired ? deps.logger.warn : deps.logger.error;
    log.call(deps.logger, { reconciliation: difference }, `reconciliation: ${difference.kind}`);
  };

  let recorded = await findEarningsByInvoiceIds(
    deps.db,
    invoices.map((invoice) => invoice.id!),
  );
  for (const invoice of invoices) {
    const invoiceId = invoice.id!;
    if (recorded.has(invoiceId)) continue;
    const subscriptionId = subscriptionIdOf(invoice)!;
    const result = await syncStripeSubscription(deps, subscriptionId);
    // Not one of ours (another platform's or a closed account's subscription): nothing owed.
    if (!result.offering) continue;
    recorded = await findEarningsByInvoiceIds(deps.db, [invoiceId]).then(
      (found) => new Map([...recorded, ...found]),
    );
    note({
      kind: "missing_earning",
      invoiceId,
      userId: result.offering.userId,
      recordedCents: null,
      stripeCents: invoice.amount_paid,
      isRepaired: recorded.has(invoiceId),
    });
  }

  // Every creator's plan periods at once: the plan of each invoice is looked up in memory.
  const timelines = await listPlanPeriods(
    deps.db,
    [...recorded.values()].map((row) => row.userId),
  );
  for (const invoice of invoices) {
    const row = recorded.get(invoice.id!);
    if (!row) continue;
    const base = { invoiceId: invoice.id!, userId: row.userId, isRepaired: false };
    if (row.grossAmountCents !== invoice.amount_paid) {
      note({
        ...base,
        kind: "gross_mismatch",
        recordedCents: row.grossAmountCents,
        stripeCents: invoice.amount_paid,
      });
    }
    const intentId = paymentIntentIdOf(invoice) ?? row.stripePaymentIntentId;
    const transfer = intentId ? transferByIntent.get(intentId) : undefined;
    if (!transfer || transfer.userId !== row.userId) {
      note({
        ...base,
        kind: "missing_transfer",
        recordedCents: row.netAmountCents,
        stripeCents: null,
      });
      continue;
    }
    if (transfer.transfer.amount !== row.grossAmountCents) {
      note({
        ...base,
        kind: "transfer_mismatch",
        recordedCents: row.grossAmountCents,
        stripeCents: transfer.transfer.amount,
      });
    }
    const charge = transfer.transfer.source_transaction;
    const fee = charge ? feeByCharge.get(typeof charge === "string" ? charge : charge.id) : null;
    const taken = fee?.amount ?? 0;
    if (taken !== row.platformFeeCents) {
      note({
        ...base,
        kind: "fee_mismatch",
        recordedCents: row.platformFeeCents,
        stripeCents: taken,
      });
    }
    const plan = planAt(timelines.get(row.userId), new Date(invoice.created * 1000));
    const priceCents = subscriptionPriceOfInvoice(invoice);
    if (!feeFitsPlan(plan, invoice.amount_paid, taken, priceCents)) {
      note({
        ...base,
        kind: "plan_fee_mismatch",
        recordedCents: applicationFeeCents(plan, invoice.amount_paid, priceCents),
        stripeCents: taken,
      });
    }
  }

  const paidInStripe = new Set(invoices.map((invoice) => invoice.id));
  for (const row of await listEarningsSince(deps.db, options.since)) {
    if (paidInStripe.has(row.stripeInvoiceId)) continue;
    // Made before the window and paid within it: Stripe's word, one invoice at a time.
    const invoice = await deps.stripe.invoices.retrieve(row.stripeInvoiceId).catch(() => null);
    if (invoice?.status === "paid") continue;
    note({
      kind: "not_paid_in_stripe",
      invoiceId: row.stripeInvoiceId,
      userId: row.userId,
      recordedCents: row.grossAmountCents,
      stripeCents: null,
      isRepaired: false,
    });
  }

  deps.logger.info(
    {
      since: options.since.toISOString(),
      invoicesChecked: invoices.length,
      differences: differences.length,
      repaired: differences.filter((d) => d.isRepaired).length,
    },
    "reconciliation finished",
  );
  return { since: options.since.toISOString(), invoicesChecked: invoices.length, differences };
}
