import { z } from "zod";

// The development mailbox (emulator mode only): what the app wrote to the e-mail outbox, for
// reading sign-up and self-service links without a real mail server.

const outboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** When it was written to the outbox (ISO 8601). */
  createdAt: z.string(),
  /** When it was sent (ISO 8601); null until then. */
  sentAt: z.string().nullable(),
});

/** GET /api/dev/outbox: the 50 newest messages, newest first. */
export const outboxSchema = z.object({ messages: z.array(outboxMessageSchema) });
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
