import { createHash } from "node:crypto";
import Stripe from "stripe";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/errors";
import {
  type CardAttemptSubject,
  countFailedCardAttemptsSince,
  insertFailedCardAttempt,
} from "./card-attempt-repository";

/**
 * Card testing: someone with a list of stolen card numbers uses a public card form to learn
 * which ones work. Declined cards are counted in a sliding hour, in PostgreSQL so every
 * instance sees the same counts, and once a count is reached the subscribe path refuses before
 * calling Stripe. A person mistyping a card or trying two of their own never gets near these.
 * - per client address: a card tester works from few addresses at a time;
 * - per e-mail: the e-mail a tester fills in is often one and the same;
 * - per offering: catches a tester rotating addresses and e-mails, at the price that a flood
 *   of declines can pause card sign-ups to that one offering for up to an hour (hosted
 *   Checkout, with Stripe's own defences, is refused only by the per-address count).
 */
export const CARD_FAILURE_LIMITS = {
  windowSeconds: 60 * 60,
  perClientAddress: 5,
  perEmail: 3,
  perOffering: 20,
} as const;

const KEEP_SECONDS = 24 * 60 * 60;

export const TOO_MANY_DECLINES_MESSAGE =
  "Too many declined cards. Please wait an hour before trying again.";

export interface CardAttemptParty {
  clientAddress?: string | null;
  offeringId?: string | null;
  email?: string | null;
}

/** Enough to count by, nothing to read back: the lowercased address, hashed. */
export function hashEmail(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
}

function subjectOf(party: CardAttemptParty): CardAttemptSubject {
  return {
    clientAddress: party.clientAddress ?? null,
    offeringId: party.offeringId ?? null,
    emailHash: party.email ? hashEmail(party.email) : null,
  };
}

/** Throws a 429 when any of the party's declined cards in the last hour reached its limit. */
export async function assertCardAttemptsAllowed(db: Db, party: CardAttemptParty) {
  const since = new Date(Date.now() - CARD_FAILURE_LIMITS.windowSeconds * 1000);
  const counts = await countFailedCardAttemptsSince(db, subjectOf(party), since);
  if (
    counts.byClientAddress >= CARD_FAILURE_LIMITS.perClientAddress ||
    counts.byEmail >= CARD_FAILURE_LIMITS.perEmail ||
    counts.byOffering >= CARD_FAILURE_LIMITS.perOffering
  ) {
    throw new AppError("rate_limited", TOO_MANY_DECLINES_MESSAGE);
  }
}

/** Counts one declined card; `dedupeKey` names the decline so a second report changes nothing. */
export async function recordCardFailure(
  db: Db,
  party: CardAttemptParty & { dedupeKey: string; source: "start" | "finalize" | "webhook" },
) {
  await insertFailedCardAttempt(
    db,
    { ...subjectOf(party), dedupeKey: party.dedupeKey, source: party.source },
    new Date(Date.now() - KEEP_SECONDS * 1000),
  );
}

export function isCardDecline(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeCardError;
}

/**
 * A first invoice that was attempted but is still open: its payment was declined (at the
 * browser's confirmation, or in 3-D Secure). Named by invoice and attempt number, which is
 * what both finalize and the invoice.payment_failed webhook can see.
 */
export function declinedFirstPaymentKey(invoice: Stripe.Invoice | string | null): string | null {
  if (!invoice || typeof invoice === "string") return null;
  if (invoice.status !== "open" || !invoice.attempt_count) return null;
  return `invoice:${invoice.id}:${invoice.attempt_count}`;
}
