import type Stripe from "stripe";
import type { Emulator } from "../core/context";
import { newId, type Stored } from "../core/state";

// Links into the pages Stripe hosts for a connected account: onboarding and the Express dashboard.

/** A single-use onboarding link that expires after 5 minutes, as on Stripe. */
export function createAccountLink(
  em: Emulator,
  account: Stored<"account">,
  urls: { refreshUrl: string; returnUrl: string },
): Stripe.AccountLink {
  const id = newId("acctlink");
  const now = em.store.now();
  const link = em.store.put({
    id,
    object: "account_link",
    created: now,
    expires_at: now + 300,
    url: `${em.baseUrl}/connect/onboarding/${id}`,
    _account: account.id,
    _refresh_url: urls.refreshUrl,
    _return_url: urls.returnUrl,
    _used: false,
  });
  // The SDK's AccountLink has no id: the emulator keeps one only to find the link by.
  return {
    object: "account_link",
    created: link.created,
    expires_at: link.expires_at,
    url: link.url,
  };
}

/** A link into the account's Express dashboard. */
export function createLoginLink(em: Emulator, account: Stored<"account">): Stripe.LoginLink {
  const id = newId("lnk");
  em.store.put({ id, object: "login_link", _account: account.id, created: em.store.now() });
  return { object: "login_link", created: em.store.now(), url: `${em.baseUrl}/express/${id}` };
}
