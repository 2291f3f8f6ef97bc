import type { Db } from "../../db/client";
import type { EmailKind } from "./email-kind";
import { countUnsolicitedMailSince, lockMailbox } from "./email-outbox-repository";

/**
 * Kinds a stranger can cause to be sent to any address by typing it into a form: capped
 * together per mailbox (ADR 023). A kind added here is capped from then on, wherever it is sent.
 * A free subscription's welcome and the creator's "New subscriber" notice are capped too, but
 * the same kinds for a paid subscription are not (someone paid): lifecycle-emails marks those
 * messages one by one (`isUnsolicited`).
 */
export const UNSOLICITED_EMAIL_KINDS: readonly EmailKind[] = [
  "password_reset",
  "verify_email",
  "account_exists",
  "manage_links",
  // A self-service e-mail change: the confirm link goes to whatever address was typed, the
  // notice to the current one; a new manage link is mailed each time one is asked for.
  "email_change_confirm",
  "email_change_requested",
  "manage_link_replaced",
];

/** Per mailbox, across every unsolicited kind and every client: enough to retry, too few to flood. */
export const UNSOLICITED_MAIL_CAP = { max: 5, windowSeconds: 60 * 60 } as const;

/** Providers that ignore dots in the local part (and their alias domain). */
const DOT_BLIND_DOMAINS = new Map([
  ["gmail.com", "gmail.com"],
  ["googlemail.com", "gmail.com"],
]);

/**
 * The inbox an address delivers to, as far as we can tell without asking: lower-cased, without
 * a "+tag" (every large provider delivers pat+anything@ to pat@), and without Gmail's dots. Only
 * for counting: mail still goes to the address as typed.
 */
export function mailboxOf(address: string): string {
  const normalized = address.trim().toLowerCase();
  const at = normalized.lastIndexOf("@");
  if (at <= 0) return normalized;
  let local = normalized.slice(0, at);
  let domain = normalized.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  const dotBlind = DOT_BLIND_DOMAINS.get(domain);
  if (dotBlind) {
    domain = dotBlind;
    local = local.replaceAll(".", "") || local;
  }
  return `${local}@${domain}`;
}

/**
 * Whether one more unsolicited message may be written to `mailbox` now. Takes a transaction-
 * scoped advisory lock on the mailbox first, so concurrent requests for one inbox count one
 * after another and two can't both take the last place; the lock ends with the caller's
 * transaction, after its insert is visible.
 */
export async function isUnderUnsolicitedMailCap(tx: Db, mailbox: string): Promise<boolean> {
  await lockMailbox(tx, mailbox);
  const since = new Date(Date.now() - UNSOLICITED_MAIL_CAP.windowSeconds * 1000);
  return (await countUnsolicitedMailSince(tx, mailbox, since)) < UNSOLICITED_MAIL_CAP.max;
}
