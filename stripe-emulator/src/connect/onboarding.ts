import type Stripe from "stripe";
import type { Emulator } from "../core/context";
import { newId, type Stored } from "../core/state";

/** What the hosted onboarding form does when submitted: requirements met, flags on. */
export function completeOnboarding(
  em: Emulator,
  account: Stored<"account">,
  details: { businessName?: string; firstName?: string; lastName?: string },
) {
  const previous = {
    charges_enabled: account.charges_enabled,
    payouts_enabled: account.payouts_enabled,
    details_submitted: account.details_submitted,
  };
  account.charges_enabled = true;
  account.payouts_enabled = true;
  account.details_submitted = true;
  account.capabilities = { card_payments: "active", transfers: "active" };
  // Every account is created with requirements and a business profile.
  account.requirements = {
    ...account.requirements!,
    currently_due: [],
    eventually_due: [],
    past_due: [],
    disabled_reason: null,
  };
  account.business_profile = { ...account.business_profile!, name: details.businessName ?? null };
  // A Person, as Stripe returns it: its own id, the account it belongs to, when it was added.
  const person: Stripe.Person = {
    id: (account.individual as Stripe.Person | undefined)?.id ?? newId("person"),
    object: "person",
    account: account.id,
    created: em.store.now(),
    first_name: details.firstName ?? null,
    last_name: details.lastName ?? null,
    email: account.email ?? null,
    metadata: {},
    relationship: {
      authorizer: null,
      director: null,
      executive: null,
      legal_guardian: null,
      owner: null,
      percent_ownership: null,
      representative: true,
      title: null,
    },
  };
  account.individual = person;
  em.store.put(account);
  em.webhooks.emit("account.updated", account, { account: account.id, previous });
}

/** The account's persons: the individual onboarding recorded, if any. */
export function personsOf(account: Stored<"account">): Stripe.Person[] {
  const individual = account.individual as Stripe.Person | undefined;
  return individual?.id ? [individual] : [];
}
