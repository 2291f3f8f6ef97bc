import { confirmPaymentIntent } from "../billing/confirmation";
import type { Emulator, Route } from "../core/context";
import { invalid } from "../core/errors";
import { requireObject } from "../core/lookup";
import { optionalBool, optionalString } from "../core/params";
import { PAGE_PARAMS } from "./list-params";

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
    allowed: ["customer", "created", ...PAGE_PARAMS],
    handle: (em, { params, account }) => {
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
    handle: (em, request, path) => {
      const { params, account } = request;
      const pi = requireIntent(em, path.id, request);
      return confirmPaymentIntent(em, pi, account, {
        paymentMethod: optionalString(params, "payment_method"),
        returnUrl: optionalString(params, "return_url") ?? null,
        offSession: optionalBool(params, "off_session") ?? false,
      });
    },
  },
];
