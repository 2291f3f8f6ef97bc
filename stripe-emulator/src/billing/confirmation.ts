import type { Emulator } from "../core/context";
import { invalid, missing, StripeApiError } from "../core/errors";
import type { Stored } from "../core/state";
import { resolvePaymentMethod } from "./payment-methods";
import { attemptPayment, failAuthentication, succeed } from "./payments";

// Confirming a PaymentIntent: with a card (the API, Stripe.js), then the 3-D Secure page's answer.

/** Confirms with the given card, or the one already on the PaymentIntent; a decline throws. */
export function confirmPaymentIntent(
  em: Emulator,
  pi: Stored<"payment_intent">,
  account: string | null,
  input: { paymentMethod: string | undefined; returnUrl: string | null; offSession: boolean },
): Stored<"payment_intent"> {
  if (pi.status === "succeeded" || pi.status === "canceled") {
    throw new StripeApiError(400, {
      type: "invalid_request_error",
      code: "payment_intent_unexpected_state",
      message: `You cannot confirm this PaymentIntent because it has a status of ${pi.status}.`,
      payment_intent: pi,
    });
  }
  const pm = input.paymentMethod ?? (pi.payment_method as string | null);
  if (!pm)
    throw new StripeApiError(400, {
      ...missing("payment_method").body,
      message:
        "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method or ConfirmationToken.",
    });
  const method = resolvePaymentMethod(em, pm, account);
  if (pi.customer && method.customer && method.customer !== pi.customer)
    throw invalid(
      "payment_method",
      "The provided PaymentMethod belongs to another customer. Use a PaymentMethod that belongs to the PaymentIntent's customer.",
    );
  if (pi.customer && !method.customer) {
    // Paying a subscription's invoice saves the card to the customer.
    method.customer = pi.customer as string; // stored objects hold ids, not expansions
    em.store.put(method);
  }
  pi._return_url = input.returnUrl;
  const result = attemptPayment(em, pi, method.id, input.offSession);
  if (result.status === "failed") throw result.error;
  return em.store.get(pi.id, "payment_intent")!;
}

/** The 3-D Secure page's answer: the payment goes through, or fails authentication. */
export function answerThreeDSecure(
  em: Emulator,
  pi: Stored<"payment_intent">,
  outcome: "complete" | "fail",
) {
  if (pi.status !== "requires_action") return pi;
  if (outcome === "complete") {
    pi._authenticated = true;
    const pm = em.store.get(pi.payment_method as string, "payment_method");
    if (pm) {
      // A card authenticated once goes through off-session later (renewals), like 3155.
      pm._authenticated = true;
      em.store.put(pm);
    }
    succeed(em, pi);
  } else {
    failAuthentication(em, pi);
  }
  return em.store.get(pi.id, "payment_intent")!;
}
