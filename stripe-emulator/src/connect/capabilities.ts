import type Stripe from "stripe";
import type { Stored } from "../core/state";

const NOTHING_DUE: Stripe.Capability.Requirements = {
  alternatives: [],
  current_deadline: null,
  currently_due: [],
  disabled_reason: null,
  errors: [],
  eventually_due: [],
  past_due: [],
  pending_verification: [],
};

/**
 * The account's capabilities as Capability objects. The account keeps only each one's status;
 * one that is not active yet waits on what the account still owes.
 */
export function capabilitiesOf(account: Stored<"account">): Stripe.Capability[] {
  return Object.entries(account.capabilities ?? {}).map(([name, status]) => ({
    id: name,
    object: "capability",
    account: account.id,
    future_requirements: NOTHING_DUE,
    requested: true,
    requested_at: account.created ?? null,
    requirements:
      status === "active"
        ? NOTHING_DUE
        : {
            ...NOTHING_DUE,
            currently_due: account.requirements?.currently_due ?? [],
            eventually_due: account.requirements?.eventually_due ?? [],
          },
    status: status as Stripe.Capability.Status,
  }));
}
