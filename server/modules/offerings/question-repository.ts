import { and, asc, eq, inArray, isNull, notInArray, or, sql } from "drizzle-orm";
import type { Question, QuestionInput } from "../../../contracts/service-details";
import type { Db } from "../../db/client";
import { offeringQuestions, offerings, subscriberAnswers } from "../../db/schema/app";

type QuestionRow = typeof offeringQuestions.$inferSelect;

/** A question as the export sees it: deleted ones too, while answers to them are kept. */
export interface ExportQuestion extends Question {
  offeringId: string;
  /** Names the column when the export spans several offerings. */
  offeringTitle: string;
  isDeleted: boolean;
}

/** The parsed form of a question the creator sent (questionInputSchema's output). */
type SavedQuestion = Required<Pick<QuestionInput, "label" | "kind" | "required" | "choices">> & {
  id?: string;
};

function toQuestion(row: QuestionRow): Question {
  return {
    id: row.id,
    label: row.label,
    kind: row.kind,
    required: row.required,
    choices: row.choices,
  };
}

const isActive = isNull(offeringQuestions.deletedAt);

/** The questions an offering asks now, in order. */
export async function findActiveQuestions(db: Db, offeringId: string): Promise<Question[]> {
  const rows = await db
    .select()
    .from(offeringQuestions)
    .where(and(eq(offeringQuestions.offeringId, offeringId), isActive))
    .orderBy(asc(offeringQuestions.position), asc(offeringQuestions.createdAt));
  return rows.map(toQuestion);
}

/** Each offering's active questions, in order, for a list of offerings in one query. */
export async function findActiveQuestionsByOffering(
  db: Db,
  offeringIds: readonly string[],
): Promise<Map<string, Question[]>> {
  const byOffering = new Map<string, Question[]>();
  if (offeringIds.length === 0) return byOffering;
  const rows = await db
    .select()
    .from(offeringQuestions)
    .where(and(inArray(offeringQuestions.offeringId, [...offeringIds]), isActive))
    .orderBy(asc(offeringQuestions.position), asc(offeringQuestions.createdAt));
  for (const row of rows) {
    const list = byOffering.get(row.offeringId) ?? [];
    list.push(toQuestion(row));
    byOffering.set(row.offeringId, list);
  }
  return byOffering;
}

/**
 * The question columns of an export of the creator's subscribers (all offerings, or one):
 * every question asked now, then deleted ones that still have answers, so an answer never
 * drops out of the export. Each group by offering (oldest first), then deleted ones by when
 * they were deleted and asked ones by position.
 */
export async function findQuestionsForExport(
  db: Db,
  scope: { userId: string; offeringId?: string | undefined },
): Promise<ExportQuestion[]> {
  const hasAnswers = sql`exists (select 1 from ${subscriberAnswers} where ${subscriberAnswers.questionId} = ${offeringQuestions.id})`;
  const rows = await db
    .select({ question: offeringQuestions, offeringTitle: offerings.title })
    .from(offeringQuestions)
    .innerJoin(offerings, eq(offerings.id, offeringQuestions.offeringId))
    .where(
      and(
        eq(offerings.userId, scope.userId),
        scope.offeringId ? eq(offerings.id, scope.offeringId) : undefined,
        or(isActive, hasAnswers),
      ),
    )
    .orderBy(
      sql`${offeringQuestions.deletedAt} is not null`,
      asc(offerings.createdAt),
      asc(offerings.id),
      asc(offeringQuestions.deletedAt),
      asc(offeringQuestions.position),
      asc(offeringQuestions.createdAt),
      asc(offeringQuestions.id),
    );
  return rows.map(({ question, offeringTitle }) => ({
    ...toQuestion(question),
    offeringId: question.offeringId,
    offeringTitle,
    isDeleted: question.deletedAt !== null,
  }));
}

/** The ids of the offering's questions that are asked now. */
export async function findActiveQuestionIds(db: Db, offeringId: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: offeringQuestions.id })
    .from(offeringQuestions)
    .where(and(eq(offeringQuestions.offeringId, offeringId), isActive));
  return new Set(rows.map((row) => row.id));
}

/**
 * Makes the offering's questions the given list, in its order. A question with an id is
 * updated in place (its answers stay with it), one without is added, and an active one left
 * out is marked deleted, keeping its answers. The caller checks the ids first and runs this in
 * the transaction that updates the offering (whose row lock makes two saves take turns).
 */
export async function replaceQuestions(
  tx: Db,
  offeringId: string,
  questions: readonly SavedQuestion[],
  now = new Date(),
): Promise<void> {
  const keptIds = questions.flatMap((question) => (question.id ? [question.id] : []));
  await tx
    .update(offeringQuestions)
    .set({ deletedAt: now, updatedAt: now })
    .where(
      and(
        eq(offeringQuestions.offeringId, offeringId),
        isActive,
        keptIds.length > 0 ? notInArray(offeringQuestions.id, keptIds) : undefined,
      ),
    );
  const added: Array<typeof offeringQuestions.$inferInsert> = [];
  for (const [position, question] of questions.entries()) {
    const values = {
      position,
      label: question.label,
      kind: question.kind,
      required: question.required,
      choices: question.choices,
    };
    if (!question.id) {
      added.push({ offeringId, ...values });
      continue;
    }
    await tx
      .update(offeringQuestions)
      .set({ ...values, updatedAt: now })
      .where(
        and(
          eq(offeringQuestions.id, question.id),
          eq(offeringQuestions.offeringId, offeringId),
          isActive,
        ),
      );
  }
  if (added.length > 0) await tx.insert(offeringQuestions).values(added);
}
