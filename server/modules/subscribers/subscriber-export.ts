import { cadenceLabel } from "../../../contracts/cadence";
import { planById } from "../../../contracts/plans";
import { csvHeader, csvRecord, money } from "../../lib/csv";
import { type ExportQuestion, findQuestionsForExport } from "../offerings/question-repository";
import { addressOfRow } from "../service-details/address-columns";
import {
  listAnswersOfSubscribers,
  listPaymentBatch,
  listSubscriberPage,
  type PaymentKey,
  type SubscriberKey,
  type SubscriberQuery,
} from "./subscriber-repository";
import { type SubscriberDeps, toListItem } from "./subscriber-service";

/**
 * Rows are read in keyset batches of this many and written as one chunk each: memory holds one
 * batch, however many rows there are, and the response's backpressure paces the reads.
 */
const EXPORT_BATCH_SIZE = 1_000;

const statusLabels = { active: "Active", past_due: "Past due", cancelled: "Cancelled" } as const;

// No ids: a subscriber's id is the secret in their self-service link, and a CSV travels.
const subscriberColumns = [
  "Name",
  "Email",
  "Subscription",
  // Each subscriber's own price and how often it is charged, which a cadence edit doesn't change.
  "Price (USD)",
  "Billed",
  "Status",
  "Joined",
  "Next billing date",
  "Ends",
  // Service details (issue 22): empty for offerings that don't ask for them.
  "Phone",
  "Street address",
  "Apartment/unit",
  "City",
  "State/region",
  "Postal code",
  "Country",
] as const;

/**
 * One column per sign-up question, after the fixed ones. The header is the question's current
 * label; when the export spans several offerings with questions, each header starts with its
 * offering's title ("Weekly Lawn Care: Gate code"), and a deleted question's header ends with
 * "(deleted)" so it can't be taken for a question still asked under the same label.
 */
function questionHeaders(questions: readonly ExportQuestion[]): string[] {
  const isSeveralOfferings = new Set(questions.map((q) => q.offeringId)).size > 1;
  return questions.map((question) => {
    const label = isSeveralOfferings
      ? `${question.offeringTitle}: ${question.label}`
      : question.label;
    return question.isDeleted ? `${label} (deleted)` : label;
  });
}

const paymentColumns = [
  "Date",
  "Name",
  "Email",
  "Subscription",
  "Amount (USD)",
  "Platform fee (USD)",
  "Platform fee (%)",
  // The creator's plan when the invoice was made: what the fee followed (ADR 037).
  "Plan",
  "Net (USD)",
  "Status",
  "Stripe invoice",
] as const;

/** A payment, or a refund or dispute of one (its own negative record, same invoice). */
const earningLabels = {
  payment: "Paid",
  refund: "Refund",
  dispute: "Dispute",
  dispute_won: "Dispute won",
  dispute_lost: "Dispute lost",
} as const;

const dateOrNull = (iso: string | null) => (iso ? new Date(iso) : null);

/** The subscribers CSV, chunk by chunk: the header, then one chunk per batch. */
export async function* exportSubscribersCsv(
  deps: SubscriberDeps,
  query: SubscriberQuery,
): AsyncGenerator<string> {
  const questions = await findQuestionsForExport(deps.db, {
    userId: query.userId,
    offeringId: query.offeringId,
  });
  yield csvHeader([...subscriberColumns, ...questionHeaders(questions)]);
  let after: SubscriberKey | null = null;
  for (;;) {
    const rows = await listSubscriberPage(deps.db, query, after, EXPORT_BATCH_SIZE);
    if (rows.length === 0) return;
    // One read of the batch's answers: subscriber id → question id → value.
    const answers = new Map<string, Map<string, string>>();
    for (const answer of await listAnswersOfSubscribers(
      deps.db,
      rows.map((row) => row.id),
    )) {
      const own = answers.get(answer.subscriberId) ?? new Map<string, string>();
      own.set(answer.questionId, answer.value);
      answers.set(answer.subscriberId, own);
    }
    let chunk = "";
    for (const row of rows) {
      const item = toListItem(row);
      const address = addressOfRow(row);
      const own = answers.get(row.id);
      chunk += csvRecord([
        item.name,
        item.email,
        item.offeringTitle,
        money(item.priceCents),
        cadenceLabel(item.cadence),
        statusLabels[item.status],
        row.joinedAt,
        dateOrNull(item.nextBillingAt),
        dateOrNull(item.endsAt),
        row.phone,
        address?.line1,
        address?.line2,
        address?.city,
        address?.state,
        address?.postalCode,
        address?.country,
        // Text typed by customers: csvRecord makes each formula-looking cell plain text.
        ...questions.map((question) => own?.get(question.id)),
      ]);
    }
    yield chunk;
    if (rows.length < EXPORT_BATCH_SIZE) return;
    const last = rows[rows.length - 1]!;
    after = { key: last.sortKey, id: last.id };
  }
}

/** The payments CSV: one record per earnings row of the subscribers matching the filter. */
export async function* exportPaymentsCsv(
  deps: SubscriberDeps,
  query: SubscriberQuery,
): AsyncGenerator<string> {
  yield csvHeader(paymentColumns);
  let after: PaymentKey | null = null;
  for (;;) {
    const rows = await listPaymentBatch(deps.db, query, after, EXPORT_BATCH_SIZE);
    if (rows.length === 0) return;
    let chunk = "";
    for (const row of rows) {
      chunk += csvRecord([
        row.paidAt,
        row.subscriberName,
        row.subscriberEmail,
        row.offeringTitle,
        money(row.amountCents),
        money(row.feeCents),
        row.feePercent,
        planById(row.plan).name,
        money(row.netCents),
        earningLabels[row.kind],
        row.stripeInvoiceId,
      ]);
    }
    yield chunk;
    if (rows.length < EXPORT_BATCH_SIZE) return;
    const last = rows[rows.length - 1]!;
    after = { paidAt: last.paidAtKey, createdAt: last.createdAtKey, id: last.id };
  }
}
