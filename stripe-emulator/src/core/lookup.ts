import type { Emulator } from "./context";
import { noSuch, StripeApiError } from "./errors";
import type { ObjectKind, Stored } from "./state";

/** The names Stripe's "No such …" messages use for each object type. */
const nouns: Record<string, string> = {
  payment_method: "PaymentMethod",
  "checkout.session": "checkout.session",
  "billing_portal.session": "billing_portal.session",
};

/**
 * An object as seen by a caller acting for `account` (the Stripe-Account header; null is the
 * platform). Objects of another account are "missing", as they are on Stripe.
 */
export function requireObject<K extends ObjectKind>(
  em: Emulator,
  id: string,
  object: K,
  account: string | null,
): Stored<K> {
  const found = em.store.find(id, object, account);
  if (!found) throw noSuch(nouns[object] ?? object, id);
  return found;
}

/** Connected accounts belong to the platform, so any caller may name one (e.g. a destination). */
export function requireAccount(em: Emulator, id: string): Stored<"account"> {
  const account = em.store.get(id, "account");
  if (!account) throw noSuch("account", id);
  return account;
}

/** Destination charges need the transfers capability, which only onboarding turns on. */
export function requireTransferDestination(
  em: Emulator,
  id: string,
  param: string,
): Stored<"account"> {
  const account = requireAccount(em, id);
  if (account.capabilities?.transfers !== "active")
    throw new StripeApiError(400, {
      type: "invalid_request_error",
      code: "insufficient_capabilities_for_transfer",
      param,
      message:
        "Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments",
    });
  return account;
}
