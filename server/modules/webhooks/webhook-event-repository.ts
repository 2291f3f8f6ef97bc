import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { webhookEvents } from "../../db/schema/app";

/**
 * Records a received event (once, whoever delivers it first) and tells whether it was already
 * processed. One recorded but not processed (a crash mid-way, or a parallel delivery) is
 * processed again: the handlers are idempotent.
 */
export async function recordWebhookEvent(db: Db, event: { id: string; type: string }) {
  await db.insert(webhookEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
  const [record] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, event.id));
  return { isProcessed: Boolean(record?.processedAt) };
}

export async function markWebhookEventProcessed(db: Db, eventId: string) {
  await db
    .update(webhookEvents)
    .set({ processedAt: new Date() })
    .where(eq(webhookEvents.id, eventId));
}
