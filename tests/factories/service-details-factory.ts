import { eq } from "drizzle-orm";
import type { Offering } from "../../contracts/offerings";
import type { QuestionKind, ServiceAddressInput } from "../../contracts/service-details";
import type { Db } from "../../server/db/client";
import { offeringQuestions, subscriberAnswers, subscribers } from "../../server/db/schema/app";

/**
 * Issue 22's service details written straight to the database, for tests of what the creator
 * reads back (the detail sheet, the filters, the export) without the sign-up path that records
 * them. The subscribe tests cover that path.
 */
export async function insertQuestion(
  db: Db,
  offering: Pick<Offering, "id">,
  overrides: {
    label?: string;
    kind?: QuestionKind;
    position?: number;
    choices?: string[];
    /** Set: the creator has deleted it (its answers stay). */
    deletedAt?: Date;
  } = {},
) {
  const [row] = await db
    .insert(offeringQuestions)
    .values({
      offeringId: offering.id,
      label: overrides.label ?? "Gate code",
      kind: overrides.kind ?? "short_text",
      position: overrides.position ?? 0,
      choices: overrides.choices ?? [],
      deletedAt: overrides.deletedAt ?? null,
    })
    .returning({ id: offeringQuestions.id });
  if (!row) throw new Error("insertQuestion: not inserted");
  return row;
}

/** A subscriber's phone, service address and answers ({ questionId: value as stored }). */
export async function recordServiceDetails(
  db: Db,
  subscriberId: string,
  details: {
    phone?: string;
    address?: ServiceAddressInput;
    answers?: Record<string, string>;
  },
) {
  const { address } = details;
  await db
    .update(subscribers)
    .set({
      phone: details.phone ?? null,
      addressLine1: address?.line1 ?? null,
      addressLine2: address?.line2 ?? null,
      addressCity: address?.city ?? null,
      addressState: address?.state ?? null,
      addressPostalCode: address?.postalCode ?? null,
      addressCountry: address?.country ?? null,
    })
    .where(eq(subscribers.id, subscriberId));
  const answers = Object.entries(details.answers ?? {});
  if (answers.length > 0) {
    await db
      .insert(subscriberAnswers)
      .values(answers.map(([questionId, value]) => ({ subscriberId, questionId, value })));
  }
}
