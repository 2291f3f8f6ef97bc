// The simulated year's books, checked invoice by invoice: every paid invoice that billed
// something (a charge: all but a trial's) is one earnings row of what was paid, $0 when a code
// took all of it, and what codes took off is what the earnings say they took. A trial's $0
// invoice records no earnings row by design; those are counted apart.
import type Stripe from "stripe";
import { type Cadence, cadences } from "../../contracts/cadence";
import { type PlanId, planById, planIds } from "../../contracts/plans";

/** What the simulation knows of each sign-up, by Stripe subscription id. */
export interface Signup {
  creator: number;
  cadence: Cadence;
  trialDays: number;
  promoCode: string | null;
}

/** One row of a creator's payments CSV (GET /api/subscribers/export/payments.csv). */
export interface EarningRow {
  creator: number;
  invoiceId: string;
  amountCents: number;
  /** "Platform fee (USD)": the fee Stripe took, and "Plan": the plan in force it followed. */
  feeCents: number;
  plan: PlanId;
  status: string;
}

/** What a creator's earnings tab totals. */
export interface CreatorTotals {
  grossCents: number;
  payments: number;
  discountCents: number;
}

interface CadenceFigures {
  subscribers: number;
  withCode: number;
  /** Paid invoices that billed something (all but trials'), $0 ones a code took all of too. */
  charges: number;
  chargedCents: number;
  /** total_discount_amounts over those charges. */
  discountCents: number;
  /** A trial's $0 invoices (no earnings row), and the charges a code took to $0. */
  trialInvoices: number;
  zeroCharges: number;
  trialsStarted: number;
  /** Trials followed by a paid charge (a code may have made it $0). */
  trialsConverted: number;
  earningsRows: number;
  earningsCents: number;
}

export interface Ledger {
  /** Paid invoices that billed something, and their sum: each must be one earnings payment. */
  chargedInvoices: number;
  chargedCents: number;
  /** What codes took off the charged invoices: must equal the earnings' discount. */
  chargedDiscountCents: number;
  /** A trial's $0 invoices, which record no earnings by design. */
  trialInvoices: number;
  /** Charges a code took to $0 (each a $0 payment), and what the code took off them. */
  zeroChargeInvoices: number;
  zeroChargeDiscountCents: number;
  earningsRows: number;
  earningsCents: number;
  /** From the earnings tabs (the monthly rollup), summed over creators. */
  earnings: CreatorTotals;
  byCadence: Record<Cadence, CadenceFigures>;
  /** Each invoice, row or creator total that doesn't reconcile, in words with its ids. */
  mismatches: string[];
}

const subscriptionOf = (invoice: Stripe.Invoice) =>
  invoice.parent?.subscription_details?.subscription as string | undefined;

const discountOf = (invoice: Stripe.Invoice) =>
  (invoice.total_discount_amounts ?? []).reduce((sum, d) => sum + d.amount, 0);

function emptyFigures(): CadenceFigures {
  return {
    subscribers: 0,
    withCode: 0,
    charges: 0,
    chargedCents: 0,
    discountCents: 0,
    trialInvoices: 0,
    zeroCharges: 0,
    trialsStarted: 0,
    trialsConverted: 0,
    earningsRows: 0,
    earningsCents: 0,
  };
}

export function reconcileYear(input: {
  signups: ReadonlyMap<string, Signup>;
  paidInvoices: readonly Stripe.Invoice[];
  earningRows: readonly EarningRow[];
  totals: readonly CreatorTotals[];
}): Ledger {
  const byCadence = Object.fromEntries(cadences.map((c) => [c, emptyFigures()])) as Record<
    Cadence,
    CadenceFigures
  >;
  const mismatches: string[] = [];
  for (const signup of input.signups.values()) {
    const figures = byCadence[signup.cadence];
    figures.subscribers += 1;
    if (signup.promoCode) figures.withCode += 1;
    if (signup.trialDays > 0) figures.trialsStarted += 1;
  }

  const ledger = {
    chargedInvoices: 0,
    chargedCents: 0,
    chargedDiscountCents: 0,
    trialInvoices: 0,
    zeroChargeInvoices: 0,
    zeroChargeDiscountCents: 0,
  };
  const charged = new Map<string, { amount: number; signup: Signup }>();
  const zero = new Set<string>();
  const converted = new Set<string>();
  const discountByCreator = new Map<number, number>();
  for (const invoice of input.paidInvoices) {
    const subscriptionId = subscriptionOf(invoice);
    const signup = subscriptionId ? input.signups.get(subscriptionId) : undefined;
    if (!signup) {
      mismatches.push(`invoice ${invoice.id}: paid, of no subscription the simulation made`);
      continue;
    }
    const figures = byCadence[signup.cadence];
    const discount = discountOf(invoice);
    // A trial's invoice bills nothing before discounts; any other was a charge, even at $0.
    const isTrial = invoice.subtotal === 0;
    if (!isTrial && signup.trialDays > 0) converted.add(subscriptionId!);
    if (invoice.amount_paid === 0 && !isTrial) {
      // Only a code takes a charge to $0, all of it: "FIRSTFREE" on a price below $30.00.
      if (discount !== invoice.subtotal)
        mismatches.push(`invoice ${invoice.id}: $0 of ${invoice.subtotal} cents, ${discount} off`);
      ledger.zeroChargeInvoices += 1;
      ledger.zeroChargeDiscountCents += discount;
      figures.zeroCharges += 1;
    }
    if (!isTrial) {
      charged.set(invoice.id!, { amount: invoice.amount_paid, signup });
      ledger.chargedInvoices += 1;
      ledger.chargedCents += invoice.amount_paid;
      ledger.chargedDiscountCents += discount;
      figures.charges += 1;
      figures.chargedCents += invoice.amount_paid;
      figures.discountCents += discount;
      discountByCreator.set(
        signup.creator,
        (discountByCreator.get(signup.creator) ?? 0) + discount,
      );
    } else {
      zero.add(invoice.id!);
      ledger.trialInvoices += 1;
      figures.trialInvoices += 1;
    }
  }
  for (const id of converted) byCadence[input.signups.get(id)!.cadence].trialsConverted += 1;

  const rowsByInvoice = new Map<string, EarningRow[]>();
  for (const row of input.earningRows) {
    if (row.status !== "Paid") continue;
    rowsByInvoice.set(row.invoiceId, [...(rowsByInvoice.get(row.invoiceId) ?? []), row]);
  }
  let earningsRows = 0;
  let earningsCents = 0;
  for (const [invoiceId, rows] of rowsByInvoice) {
    earningsRows += rows.length;
    earningsCents += rows.reduce((sum, row) => sum + row.amountCents, 0);
    const invoice = charged.get(invoiceId);
    if (!invoice) {
      const why = zero.has(invoiceId) ? "a trial's $0 invoice" : "no paid invoice";
      mismatches.push(`earnings row(s) for ${why}: ${invoiceId}, ${amounts(rows)}`);
      continue;
    }
    const figures = byCadence[invoice.signup.cadence];
    figures.earningsRows += rows.length;
    figures.earningsCents += rows.reduce((sum, row) => sum + row.amountCents, 0);
    if (rows.length !== 1 || rows[0]!.amountCents !== invoice.amount) {
      mismatches.push(
        `invoice ${invoiceId}: paid ${invoice.amount} cents, earnings rows ${amounts(rows)}`,
      );
    }
  }
  for (const [invoiceId, invoice] of charged) {
    if (!rowsByInvoice.has(invoiceId)) {
      mismatches.push(`invoice ${invoiceId}: paid ${invoice.amount} cents, no earnings row`);
    }
  }

  const earnings = { grossCents: 0, payments: 0, discountCents: 0 };
  for (const [creator, totals] of input.totals.entries()) {
    earnings.grossCents += totals.grossCents;
    earnings.payments += totals.payments;
    earnings.discountCents += totals.discountCents;
    const invoiced = discountByCreator.get(creator) ?? 0;
    if (totals.discountCents !== invoiced) {
      mismatches.push(
        `creator ${creator + 1}: codes took ${invoiced} cents off charged invoices, earnings say ${totals.discountCents}`,
      );
    }
  }
  return { ...ledger, earningsRows, earningsCents, earnings, byCadence, mismatches };
}

function amounts(rows: readonly EarningRow[]) {
  return `[${rows.map((row) => row.amountCents).join(", ")}] cents`;
}

/**
 * The payments CSV's records (RFC 4180, a byte-order mark, CRLF), as "Stripe invoice", "Status",
 * "Amount (USD)", "Platform fee (USD)" and "Plan" say, the amounts in cents.
 */
export function parsePaymentsCsv(creator: number, csv: string): EarningRow[] {
  const records = parseCsv(csv.replace(/^\uFEFF/, ""));
  const header = records.shift() ?? [];
  const column = (name: string) => {
    const index = header.indexOf(name);
    if (index < 0) throw new Error(`payments CSV has no "${name}" column: ${header.join(",")}`);
    return index;
  };
  const [invoice, status, amount, fee, plan] = [
    "Stripe invoice",
    "Status",
    "Amount (USD)",
    "Platform fee (USD)",
    "Plan",
  ].map(column);
  return records.map((record) => ({
    creator,
    invoiceId: record[invoice!]!,
    status: record[status!]!,
    amountCents: centsOf(record[amount!]!),
    feeCents: centsOf(record[fee!]!),
    plan: planNamed(record[plan!]!),
  }));
}

function planNamed(name: string): PlanId {
  const id = planIds.find((candidate) => planById(candidate).name === name);
  if (!id) throw new Error(`not a plan: ${name}`);
  return id;
}

/** "1234.50" or "-3.00" to cents, without floating point. */
function centsOf(dollars: string): number {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(dollars);
  if (!match) throw new Error(`not an amount: ${dollars}`);
  const cents = Number(match[2]) * 100 + Number(match[3]);
  return match[1] ? -cents : cents;
}

function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let isQuoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (isQuoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') isQuoted = false;
      else field += char;
    } else if (char === '"') isQuoted = true;
    else if (char === ",") {
      record.push(field);
      field = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i += 1;
    } else field += char;
  }
  if (field !== "" || record.length > 0) records.push([...record, field]);
  return records;
}
