import { createHash } from "node:crypto";
import nodemailer from "nodemailer";
import type { Db } from "../../db/client";
import type { Logger } from "../../lib/logger";
import { type JobQueue, queues } from "../jobs/job-queue";
import type { Metrics } from "../metrics/metrics";
import type { EmailKind } from "./email-kind";
import {
  findOutboxMessage,
  insertOutboxMessage,
  markOutboxMessageSent,
  recordFailedDelivery,
} from "./email-outbox-repository";
import {
  isUnderUnsolicitedMailCap,
  mailboxOf,
  UNSOLICITED_EMAIL_KINDS,
} from "./unsolicited-mail-cap";

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface OutgoingEmail extends EmailMessage {
  kind: EmailKind;
  /**
   * Names the cause ("receipt:in_123"), so the same cause never writes a second message:
   * a repeated webhook or retried request enqueues nothing. Omit for messages a person asks
   * for again on purpose (a password reset).
   */
  dedupeKey?: string | null;
  /** The creator the message belongs to; deleting the account deletes it. */
  userId?: string | null;
  subscriberId?: string | null;
  /**
   * A message of a kind that is not always unsolicited, which a stranger caused this time (a
   * free subscription's welcome): capped like UNSOLICITED_EMAIL_KINDS.
   */
  isUnsolicited?: boolean;
}

/**
 * Transactional outbox on the job queue: a message and its delivery job are written in the
 * caller's transaction, so they exist exactly when the change that caused them commits.
 */
export interface Mailer {
  /**
   * Whether the message was written: false when one with the same dedupe key already was, or
   * when it is unsolicited and its mailbox has had its share this hour (ADR 023). Callers answer
   * the same either way, so a refusal tells nobody anything.
   */
  enqueue(tx: Db, message: OutgoingEmail): Promise<boolean>;
}

export function createMailer(options: {
  queue: JobQueue;
  logger: Logger;
  metrics: Metrics;
}): Mailer {
  async function write(tx: Db, message: OutgoingEmail, unsolicitedMailbox: string | null) {
    const { isUnsolicited: _, ...values } = message;
    const outboxId = await insertOutboxMessage(tx, { ...values, unsolicitedMailbox });
    if (!outboxId) return false;
    await options.queue.send(tx, queues.sendEmail, { outboxId });
    return true;
  }

  return {
    async enqueue(tx, message) {
      const isUnsolicited = message.isUnsolicited || UNSOLICITED_EMAIL_KINDS.includes(message.kind);
      if (!isUnsolicited) return write(tx, message, null);
      const mailbox = mailboxOf(message.to);
      // Its own (sub)transaction, so the mailbox's lock lives until the caller's commit even
      // when the caller passed the database itself (better-auth's hooks do).
      return tx.transaction(async (inner) => {
        if (!(await isUnderUnsolicitedMailCap(inner, mailbox))) {
          options.metrics.emails.inc({ kind: message.kind, outcome: "capped" });
          options.logger.warn(
            { component: "email", kind: message.kind, mailboxDigest: digestOf(mailbox) },
            "unsolicited e-mail not written: its mailbox reached the hourly cap",
          );
          return false;
        }
        return write(inner, message, mailbox);
      });
    },
  };
}

/** Logs name a mailbox without holding the address. */
function digestOf(mailbox: string): string {
  return createHash("sha256").update(mailbox).digest("hex").slice(0, 16);
}

/**
 * Delivers one outbox message per job. Without SMTP the outbox is the mailbox (the dev
 * mailbox page), so delivery only marks it sent. The Message-ID is the row's id: a send cut
 * short between the server's acceptance and our commit is retried with the same id, which
 * receivers use to drop the copy.
 */
export async function startEmailDelivery(options: {
  db: Db;
  queue: JobQueue;
  smtpUrl: string | undefined;
  from: string;
  messageIdDomain: string;
  logger: Logger;
  metrics: Metrics;
}) {
  const { db, logger } = options;
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  await options.queue.work<{ outboxId: string }>(queues.sendEmail, async (job) => {
    const message = await findOutboxMessage(db, job.data.outboxId);
    // Deleted with its account, or sent by an attempt whose completion was lost.
    if (!message || message.status === "sent") return;
    try {
      await transport?.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: `<${message.id}@${options.messageIdDomain}>`,
      });
    } catch (error) {
      const isLastAttempt = job.retryCount >= job.retryLimit;
      await recordFailedDelivery(db, message.id, {
        lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
        isLastAttempt,
      });
      const log = { err: error, emailId: message.id, kind: message.kind, attempt: job.retryCount };
      options.metrics.emails.inc({
        kind: message.kind,
        outcome: isLastAttempt ? "failed" : "retry",
      });
      if (isLastAttempt) logger.error(log, "email delivery failed for good");
      else logger.warn(log, "email delivery failed; will retry");
      throw error;
    }
    await markOutboxMessageSent(db, message.id);
    options.metrics.emails.inc({ kind: message.kind, outcome: "sent" });
  });
}
