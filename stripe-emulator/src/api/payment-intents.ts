import { attemptPayment, failAuthentication, succeed } from "../billing/payments";
import type { Emulator, Route } from "../core/context";
import { invalid, missing, StripeApiError } from "../core/errors";
import { requireObject } from "../core/lookup";
import { optionalBool, optionalString } from "../core/params";
import type { Stored } from "../core/state";
import { resolvePaymentMethod } from "./customers";

/** Stripe.js reads and confirms a PaymentIntent with a publishable key and its client secret. */
function requireIntent(
  em: Emulator,
  id: string,
  request: { account: string | null; keyKind: string; params: Record<string, unknown> },
) {
  const pi = requireObject(em, id, "payment_intent", request.account);
  if (request.keyKind === "publishable" && request.params.client_secret !== pi.client_secret)
    throw invalid(
      "client_secret",
      "The client_secret provided does not match the client_secret associated with the PaymentIntent.",
    );
  return pi;
}

export const paymentIntentRoutes: Route[] = [
  {
    method: "GET",
    path: "/v1/payment_intents/:id{pi_\\w+}",
    allowed: ["expand", "client_secret"],
    publishable: true,
    handle: (em, request, path) => requireIntent(em, path.id, request),
  },
  {
    method: "GET",
    path: "/v1/payment_intents",
    allowed: ["customer", "limit", "starting_after", "ending_before", "expand", "created"],
    handle(em, { params, account }) {
      const customer = optionalString(params, "customer");
      if (customer)
        return em.store.listWhere(
          "payment_intent",
          "customer",
          customer,
          (p) => em.store.ownerOf(p.id) === account,
        );
      return em.store.listFor("payment_intent", account);
    },
  },
  {
    method: "POST",
    path: "/v1/payment_intents/:id{pi_\\w+}/confirm",
    allowed: [
      "payment_method",
      "client_secret",
      "return_url",
      "off_session",
      "expand",
      "use_stripe_sdk",
      "payment_method_options",
      "payment_method_data",
      "mandate_data",
      "save_payment_method",
      "setup_future_usage",
      "receipt_email",
    ],
    nested: { payment_method_options: "any", mandate_data: "any", payment_method_data: "any" },
    publishable: true,
    handle(em, request, path) {
      const { params, account } = request;
      const pi = requireIntent(em, path.id, request);
      if (pi.status === "succeeded" || pi.status === "canceled") {
        throw new StripeApiError(400, {
          type: "invalid_request_error",
          code: "payment_intent_unexpected_state",
          message: `You cannot confirm this PaymentIntent because it has a status of ${pi.status}.`,
          payment_intent: pi,
        });
      }
      const pm = optionalString(params, "payment_method") ?? (pi.payment_method as string | null);
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
      const returnUrl = optionalString(params, "return_url") ?? null;
      pi._return_url = returnUrl;
      const result = attemptPayment(
        em,
        pi,
        method.id,
        optionalBool(params, "off_session") ?? false,
      );
      if (result.status === "failed") throw result.error;
      return em.store.get(pi.id, "payment_intent")!;
    },
  },
];

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
