import { and, asc, eq, sql } from "drizzle-orm";
import { emailOutbox } from "../../server/db/schema/app";
import type { EmailKind } from "../../server/integrations/email/email-kind";
import type { TestApp } from "./test-app";

/** The messages the app wrote for an address (any case), oldest first. */
export async function readOutbox(app: TestApp, to: string, kind?: EmailKind) {
  const toAddress = eq(sql`lower(${emailOutbox.to})`, to.toLowerCase());
  return app.runtime.deps.db
    .select()
    .from(emailOutbox)
    .where(kind ? and(toAddress, eq(emailOutbox.kind, kind)) : toAddress)
    .orderBy(asc(emailOutbox.createdAt));
}

/** Every link in a message's plain text that starts with `prefix`. */
export function linksIn(message: { text: string }, prefix: string): string[] {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return [...message.text.matchAll(new RegExp(`${escaped}[^\\s)\\]>"]*`, "g"))].map((m) => m[0]);
}
