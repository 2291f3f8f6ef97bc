import type Stripe from "stripe";
import { cancelSetupIntent, confirmSetupIntent, createSetupIntent } from "../billing/setup-intents";
import type { Emulator, Route } from "../core/context";
import { invalid } from "../core/errors";
import { requireObject } from "../core/lookup";
import { metadataOf, optionalBool, optionalString } from "../core/params";
import { PAGE_PARAMS } from "./list-params";

/** Stripe.js reads and confirms a SetupIntent with a publishable key and its client secret. */
function requireSetupIntent(
  em: Emulator,
  id: string,
  request: { account: string | null; keyKind: string; params: Record<string, unknown> },
) {
  const si = requireObject(em, id, "setup_intent", request.account);
  if (request.keyKind === "publishable" && request.params.client_secret !== si.client_secret)
    throw invalid(
      "client_secret",
      "The client_secret provided does not match the client_secret associated with the SetupIntent.",
    );
  return si;
}

const USAGES = ["off_session", "on_session"] as const;
const CANCELLATION_REASONS = ["abandoned", "duplicate", "requested_by_customer"];

export const setupIntentRoutes: Route[] = [
  {
    method: "POST",
    path: "/v1/setup_intents",
    allowed: [
      "customer",
      "payment_method",
      "usage",
      "description",
      "metadata",
      "confirm",
      "return_url",
      "payment_method_types",
      "automatic_payment_methods",
      "payment_method_options",
      "on_behalf_of",
      "expand",
    ],
    nested: {
      payment_method_types: true,
      automatic_payment_methods: { enabled: true, allow_redirects: true },
      payment_method_options: "any",
    },
    handle: (em, { params, account }) => {
      const customer = optionalString(params, "customer") ?? null;
      if (customer) requireObject(em, customer, "customer", account);
      const usage = optionalString(params, "usage") ?? "off_session";
      if (!(USAGES as readonly string[]).includes(usage))
        throw invalid("usage", `Invalid usage: must be one of ${USAGES.join(", ")}`);
      const paymentMethod = optionalString(params, "payment_method") ?? null;
      if (paymentMethod && !paymentMethod.startsWith("pm_card_"))
        requireObject(em, paymentMethod, "payment_method", account);
      const si = createSetupIntent(
        em,
        {
          customer,
          paymentMethod,
          usage: usage as (typeof USAGES)[number],
          description: optionalString(params, "description") ?? null,
          metadata: metadataOf(params),
        },
        account,
      );
      if (!optionalBool(params, "confirm")) return si;
      return confirmSetupIntent(em, si, account, {
        paymentMethod: undefined,
        returnUrl: optionalString(params, "return_url") ?? null,
      });
    },
  },
  {
    method: "GET",
    path: "/v1/setup_intents/:id{seti_\\w+}",
    allowed: ["expand", "client_secret"],
    publishable: true,
    handle: (em, request, path) => requireSetupIntent(em, path.id, request),
  },
  {
    method: "POST",
    path: "/v1/setup_intents/:id{seti_\\w+}",
    allowed: ["customer", "payment_method", "description", "metadata", "expand"],
    handle: (em, { params, account }, path) => {
      const si = requireObject(em, path.id, "setup_intent", account);
      const customer = optionalString(params, "customer");
      if (customer !== undefined) {
        requireObject(em, customer, "customer", account);
        si.customer = customer;
      }
      const paymentMethod = optionalString(params, "payment_method");
      if (paymentMethod !== undefined) {
        requireObject(em, paymentMethod, "payment_method", account);
        si.payment_method = paymentMethod;
        if (si.status === "requires_payment_method") si.status = "requires_confirmation";
      }
      if (params.description !== undefined)
        si.description = optionalString(params, "description") ?? null;
      if (params.metadata !== undefined)
        si.metadata = Object.fromEntries(
          Object.entries({ ...si.metadata, ...metadataOf(params) }).filter(([, v]) => v !== ""),
        );
      return em.store.put(si);
    },
  },
  {
    method: "POST",
    path: "/v1/setup_intents/:id{seti_\\w+}/confirm",
    allowed: [
      "payment_method",
      "client_secret",
      "return_url",
      "expand",
      "use_stripe_sdk",
      "payment_method_data",
      "payment_method_options",
      "mandate_data",
    ],
    nested: { payment_method_options: "any", mandate_data: "any", payment_method_data: "any" },
    publishable: true,
    handle: (em, request, path) =>
      confirmSetupIntent(em, requireSetupIntent(em, path.id, request), request.account, {
        paymentMethod: optionalString(request.params, "payment_method"),
        returnUrl: optionalString(request.params, "return_url") ?? null,
      }),
  },
  {
    method: "POST",
    path: "/v1/setup_intents/:id{seti_\\w+}/cancel",
    allowed: ["cancellation_reason", "expand"],
    handle: (em, { params, account }, path) => {
      const reason = optionalString(params, "cancellation_reason") ?? null;
      if (reason && !CANCELLATION_REASONS.includes(reason))
        throw invalid(
          "cancellation_reason",
          `Invalid cancellation_reason: must be one of ${CANCELLATION_REASONS.join(", ")}`,
        );
      return cancelSetupIntent(
        em,
        requireObject(em, path.id, "setup_intent", account),
        reason as Stripe.SetupIntent.CancellationReason | null,
      );
    },
  },
  {
    method: "GET",
    path: "/v1/setup_intents",
    allowed: ["customer", "payment_method", "created", "attach_to_self", ...PAGE_PARAMS],
    handle: (em, { params, account }) => {
      const customer = optionalString(params, "customer");
      const paymentMethod = optionalString(params, "payment_method");
      return em.store.listFor(
        "setup_intent",
        account,
        (s) =>
          (!customer || s.customer === customer) &&
          (!paymentMethod || s.payment_method === paymentMethod),
      );
    },
  },
];
