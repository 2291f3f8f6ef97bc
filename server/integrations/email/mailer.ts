import { asc, eq, isNull } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Db } from "../../db/client";
import { emailOutbox } from "../../db/schema/app";
import type { Logger } from "../../lib/logger";

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Transactional outbox: a message is written in the same transaction as the change that
 * caused it, and only sent over SMTP after that transaction commits. Without SMTP the
 * outbox is the mailbox (shown on /dev/outbox in emulator mode).
 */
export interface Mailer {
  enqueue(tx: Db, message: EmailMessage): Promise<void>;
  /** Sends what is waiting. Safe to call often and from several instances. */
  flush(): Promise<void>;
}

export function createMailer(options: {
  db: Db;
  smtpUrl: string | undefined;
  from: string;
  logger: Logger;
}): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  let flushing: Promise<void> | null = null;

  async function sendPending() {
    if (!transport) return;
    const pending = await options.db
      .select()
      .from(emailOutbox)
      .where(isNull(emailOutbox.sentAt))
      .orderBy(asc(emailOutbox.createdAt))
      .limit(50);
    for (const message of pending) {
      try {
        await transport.sendMail({ from: options.from, ...message });
        await options.db
          .update(emailOutbox)
          .set({ sentAt: new Date() })
          .where(eq(emailOutbox.id, message.id));
      } catch (error) {
        options.logger.warn({ err: error, emailId: message.id }, "email send failed; will retry");
      }
    }
  }

  return {
    async enqueue(tx, message) {
      await tx.insert(emailOutbox).values(message);
    },
    flush() {
      flushing ??= sendPending().finally(() => {
        flushing = null;
      });
      return flushing;
    },
  };
}
