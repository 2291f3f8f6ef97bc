import type { Offering } from "../../../contracts/offerings";
import type { QuestionInput } from "../../../contracts/service-details";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/errors";
import { countWaitlists } from "../seats/seat-repository";
import type { OfferingRow } from "./offering-repository";
import { findActiveQuestionIds, findActiveQuestionsByOffering } from "./question-repository";

// The service details of an offering (issue 22) as the creator's API reads and saves them:
// questions and the waitlist's length beside the offering's own columns.

const FOREIGN_QUESTION_MESSAGE = "That question is not one of this subscription's";

/** Offerings as the creator's API answers, with their questions and waitlists in two queries. */
export async function toOfferings(db: Db, rows: readonly OfferingRow[]): Promise<Offering[]> {
  const ids = rows.map((row) => row.id);
  const [questions, waitlists] = await Promise.all([
    findActiveQuestionsByOffering(db, ids),
    countWaitlists(db, ids),
  ]);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    category: row.category,
    subcategory: row.subcategory,
    description: row.description,
    priceCents: row.priceCents,
    cadence: row.cadence,
    trialDays: row.trialDays,
    maxPausePeriods: row.maxPausePeriods,
    onSite: row.onSite,
    serviceArea: row.serviceArea,
    capacity: row.capacity,
    questions: questions.get(row.id) ?? [],
    waitlistCount: waitlists.get(row.id) ?? 0,
    customUrl: row.customUrl,
    isActive: row.isActive,
    creatorName: row.creatorName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export async function toOffering(db: Db, row: OfferingRow): Promise<Offering> {
  const [offering] = await toOfferings(db, [row]);
  return offering!;
}

/**
 * An edit names existing questions by id: each must be one the offering asks now, and named
 * once. Checked before Stripe is touched, and again inside the saving transaction.
 */
export async function requireOwnQuestions(
  db: Db,
  offeringId: string,
  questions: readonly Pick<QuestionInput, "id">[],
): Promise<void> {
  const ids = questions.flatMap((question) => (question.id ? [question.id] : []));
  if (ids.length === 0) return;
  if (new Set(ids).size !== ids.length) {
    throw new AppError(
      "validation_failed",
      "A question appears twice in the list. Please reload the page and try again.",
    );
  }
  const own = await findActiveQuestionIds(db, offeringId);
  if (ids.some((id) => !own.has(id)))
    throw new AppError("validation_failed", FOREIGN_QUESTION_MESSAGE);
}

/**
 * Whether an edit may let someone on the waitlist in: more seats (a higher or no capacity) or a
 * wider reach (another area, or no longer on-site, where the area no longer applies).
 */
export function mayOpenSeats(
  before: Pick<OfferingRow, "capacity" | "serviceArea" | "onSite">,
  after: Pick<OfferingRow, "capacity" | "serviceArea" | "onSite">,
): boolean {
  const isMoreSeats =
    before.capacity !== null && (after.capacity === null || after.capacity > before.capacity);
  const isAreaChanged =
    before.serviceArea.length !== after.serviceArea.length ||
    before.serviceArea.some((entry, i) => entry !== after.serviceArea[i]);
  return isMoreSeats || isAreaChanged || (before.onSite && !after.onSite);
}
