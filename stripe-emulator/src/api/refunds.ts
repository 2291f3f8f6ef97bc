import { refundCharge } from "../billing/refunds";
import type { Emulator, Route } from "../core/context";
import { invalid, StripeApiError } from "../core/errors";
import { requireObject } from "../core/lookup";
import { metadataOf, optionalBool, optionalInt, optionalString } from "../core/params";
import type { Stored } from "../core/state";
import { PAGE_PARAMS } from "./list-params";

const REASONS = ["duplicate", "fraudulent", "requested_by_customer"];

/** The charge a refund is for: named directly, or the PaymentIntent's successful charge. */
function chargeToRefund(em: Emulator, params: Record<string, unknown>, account: string | null) {
  const chargeId = optionalString(params, "charge");
  const intentId = optionalString(params, "payment_intent");
  if (chargeId && intentId)
    throw invalid(
      "payment_intent",
      "You cannot specify both `charge` and `payment_intent`. Please specify one or the other.",
    );
  if (chargeId) return requireObject(em, chargeId, "charge", account);
  if (!intentId)
    throw new StripeApiError(400, {
      type: "invalid_request_error",
      message:
        "One of the following params should be provided for this request: payment_intent or charge.",
    });
  const pi = requireObject(em, intentId, "payment_intent", account);
  const charge = pi.latest_charge ? em.store.get(pi.latest_charge as string, "charge") : null;
  if (pi.status !== "succeeded" || !charge)
    throw invalid(
      "payment_intent",
      `This PaymentIntent (${pi.id}) does not have a successful charge to refund.`,
    );
  return charge;
}

export const refundRoutes: Route[] = [
  {
    method: "POST",
    path: "/v1/refunds",
    allowed: [
      "payment_intent",
      "charge",
      "amount",
      "reason",
      "metadata",
      "reverse_transfer",
      "refund_application_fee",
      "instructions_email",
      "expand",
    ],
    handle: (em, { params, account }) => {
      const reason = optionalString(params, "reason") ?? null;
      if (reason && !REASONS.includes(reason))
        throw invalid("reason", `Invalid reason: must be one of ${REASONS.join(", ")}`);
      const charge = chargeToRefund(em, params, account);
      return refundCharge(em, charge, {
        amount: optionalInt(params, "amount"),
        reason,
        metadata: metadataOf(params),
        reverseTransfer: optionalBool(params, "reverse_transfer") ?? false,
        refundApplicationFee: optionalBool(params, "refund_application_fee") ?? false,
      });
    },
  },
  {
    method: "GET",
    path: "/v1/refunds/:id{re_\\w+}",
    allowed: ["expand"],
    handle: (em, { account }, path) => requireObject(em, path.id, "refund", account),
  },
  {
    method: "POST",
    path: "/v1/refunds/:id{re_\\w+}",
    allowed: ["metadata", "expand"],
    handle: (em, { params, account }, path) => {
      const refund = requireObject(em, path.id, "refund", account);
      if (params.metadata !== undefined) {
        const merged: Record<string, string> = { ...refund.metadata, ...metadataOf(params) };
        refund.metadata = Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== ""));
      }
      return em.store.put(refund);
    },
  },
  {
    method: "GET",
    path: "/v1/refunds",
    allowed: ["charge", "payment_intent", "created", ...PAGE_PARAMS],
    handle: (em, { params, account }) => {
      const charge = optionalString(params, "charge");
      const intent = optionalString(params, "payment_intent");
      const matches = (r: Stored<"refund">) =>
        em.store.ownerOf(r.id) === account &&
        (!charge || r.charge === charge) &&
        (!intent || r.payment_intent === intent);
      if (charge) return em.store.listWhere("refund", "charge", charge, matches);
      if (intent) return em.store.listWhere("refund", "payment_intent", intent, matches);
      return em.store.listFor("refund", account, matches);
    },
  },
];
