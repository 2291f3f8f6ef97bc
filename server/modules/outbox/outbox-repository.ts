import { desc } from "drizzle-orm";
import type { Db } from "../../db/client";
import { emailOutbox } from "../../db/schema/app";

/** The 50 newest e-mails, sent or not, for the development mailbox. */
export function listRecentOutboxMessages(db: Db) {
  return db
    .select({
      id: emailOutbox.id,
      to: emailOutbox.to,
      subject: emailOutbox.subject,
      text: emailOutbox.text,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
    })
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt))
    .limit(50);
}
