import { desc } from "drizzle-orm";
import { Hono } from "hono";
import type { Db } from "../../db/client";
import { emailOutbox } from "../../db/schema/app";
import type { AppEnv } from "../../http/app-env";

/** The development mailbox: only mounted in emulator mode, where no real e-mail is sent. */
export function outboxRoutes(db: Db) {
  return new Hono<AppEnv>().get("/", async (c) => {
    const messages = await db
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
    return c.json({ messages });
  });
}
