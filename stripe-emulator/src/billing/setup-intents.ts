import type Stripe from "stripe";
import { declineOf, outcomeOf } from "../core/card-rules";
import { cardDeclineError } from "../core/cards";
import type { Emulator } from "../core/context";
import { invalid, missing, StripeApiError } from "../core/errors";
import { newId, publicView, type Stored } from "../core/state";
import { resolvePaymentMethod } from "./payment-methods";

// SetupIntents: saving a card for later off-session charges, with the test cards' outcomes and
// the same 3-D Secure page as payments. A subscription's `pending_setup_intent` is one of them:
// when it succeeds, the card becomes the subscription's.

export function createSetupIntent(
  em: Emulator,
  input: {
    customer: string | null;
    paymentMethod: string | null;
    usage: "off_session" | "on_session";
    description: string | null;
    metadata: Record<string, string>;
    subscription?: string | null;
  },
  account: string | null,
): Stored<"setup_intent"> {
  const id = newId("seti");
  // Typed with the SDK's own basil type, so the shape cannot drift from Stripe's.
  const intent: Stripe.SetupIntent = {
    id,
    object: "setup_intent",
    application: null,
    automatic_payment_methods: null,
    cancellation_reason: null,
    client_secret: `${id}_secret_${newId("s").slice(2)}`,
    created: em.store.now(),
    customer: input.customer,
    description: input.description,
    flow_directions: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: input.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: input.paymentMethod,
    payment_method_configuration_details: null,
    payment_method_options: {
      card: { mandate_options: null, network: null, request_three_d_secure: "automatic" },
    },
    payment_method_types: ["card"],
    single_use_mandate: null,
    status: input.paymentMethod ? "requires_confirmation" : "requires_payment_method",
    usage: input.usage,
  };
  const stored = em.store.put({ ...intent, _subscription: input.subscription ?? null }, account);
  em.webhooks.emit("setup_intent.created", stored);
  return stored;
}

function assertConfirmable(si: Stored<"setup_intent">) {
  if (si.status === "succeeded" || si.status === "canceled")
    throw new StripeApiError(400, {
      type: "invalid_request_error",
      code: "setup_intent_unexpected_state",
      message: `You cannot confirm this SetupIntent because it has a status of ${si.status}.`,
      setup_intent: publicView(si),
    });
}

/**
 * Confirms with the given card, or the one already on the SetupIntent: a 3-D Secure card asks
 * for the challenge, a declined one fails (and the call throws the card error, as on Stripe).
 */
export function confirmSetupIntent(
  em: Emulator,
  si: Stored<"setup_intent">,
  account: string | null,
  input: { paymentMethod: string | undefined; returnUrl: string | null },
): Stored<"setup_intent"> {
  assertConfirmable(si);
  const pm = input.paymentMethod ?? (si.payment_method as string | null);
  if (!pm)
    throw new StripeApiError(400, {
      ...missing("payment_method").body,
      message:
        "You cannot confirm this SetupIntent because it's missing a payment method. Update the SetupIntent with a payment method and then confirm it again.",
    });
  const method = resolvePaymentMethod(em, pm, account);
  if (si.customer && method.customer && method.customer !== si.customer)
    throw invalid(
      "payment_method",
      "The provided PaymentMethod belongs to another customer. Use a PaymentMethod that belongs to the SetupIntent's customer.",
    );
  si.payment_method = method.id;
  si._return_url = input.returnUrl;
  const number = method._number as string;
  const decline = declineOf(number);
  if (decline) {
    const error = cardDeclineError(decline);
    setupFailed(em, si, {
      type: "card_error",
      code: error.body.code as Stripe.SetupIntent.LastSetupError.Code,
      decline_code: error.body.decline_code,
      doc_url: error.body.doc_url as string | undefined,
      message: error.body.message,
      payment_method: publicView(method) as Stripe.PaymentMethod,
    });
    error.body.setup_intent = publicView(si);
    error.body.payment_method = publicView(method);
    throw error;
  }
  const outcome = outcomeOf(number);
  if ((outcome === "requires_3ds" || outcome === "requires_3ds_always") && !method._authenticated) {
    si.status = "requires_action";
    si.next_action = {
      type: "redirect_to_url",
      redirect_to_url: { url: `${em.baseUrl}/3ds/${si.id}`, return_url: input.returnUrl },
    };
    em.store.put(si);
    em.webhooks.emit("setup_intent.requires_action", si);
    return si;
  }
  succeedSetup(em, si);
  return em.store.get(si.id, "setup_intent")!;
}

function setupFailed(
  em: Emulator,
  si: Stored<"setup_intent">,
  error: Stripe.SetupIntent.LastSetupError,
) {
  si.status = "requires_payment_method";
  si.next_action = null;
  si.last_setup_error = error;
  em.store.put(si);
  em.webhooks.emit("setup_intent.setup_failed", si);
}

/**
 * The card is saved: attached to the SetupIntent's customer and, for a subscription's pending
 * SetupIntent, made the subscription's default when it saves defaults (`on_subscription`).
 */
function succeedSetup(em: Emulator, si: Stored<"setup_intent">) {
  si.status = "succeeded";
  si.next_action = null;
  si.last_setup_error = null;
  const pm = em.store.get(si.payment_method as string, "payment_method");
  if (pm) {
    // A card set up for off-session use goes through later without a challenge, like 3155.
    pm._authenticated = true;
    if (si.customer && !pm.customer) pm.customer = si.customer as string;
    em.store.put(pm);
  }
  em.store.put(si);
  em.webhooks.emit("setup_intent.succeeded", si);
  const subscription = si._subscription ? em.store.get(si._subscription, "subscription") : null;
  if (!subscription || subscription.pending_setup_intent !== si.id) return;
  const previous: Record<string, unknown> = { pending_setup_intent: si.id };
  subscription.pending_setup_intent = null;
  if (
    subscription.payment_settings?.save_default_payment_method === "on_subscription" &&
    pm &&
    subscription.default_payment_method !== pm.id
  ) {
    previous.default_payment_method = subscription.default_payment_method;
    subscription.default_payment_method = pm.id;
  }
  em.store.put(subscription);
  em.webhooks.emit("customer.subscription.updated", subscription, { previous });
}

/** The 3-D Secure page's answer for a SetupIntent. */
export function answerSetupThreeDSecure(
  em: Emulator,
  si: Stored<"setup_intent">,
  outcome: "complete" | "fail",
) {
  if (si.status !== "requires_action") return si;
  if (outcome === "complete") succeedSetup(em, si);
  else {
    const pm = em.store.get(si.payment_method as string, "payment_method");
    setupFailed(em, si, {
      type: "invalid_request_error",
      code: "setup_intent_authentication_failure",
      doc_url: "https://stripe.com/docs/error-codes/setup-intent-authentication-failure",
      message:
        "The latest attempt to set up the payment method has failed because authentication failed.",
      payment_method: pm ? (publicView(pm) as Stripe.PaymentMethod) : undefined,
    });
  }
  return em.store.get(si.id, "setup_intent")!;
}

export function cancelSetupIntent(
  em: Emulator,
  si: Stored<"setup_intent">,
  reason: Stripe.SetupIntent.CancellationReason | null,
) {
  if (si.status === "succeeded" || si.status === "canceled")
    throw new StripeApiError(400, {
      type: "invalid_request_error",
      code: "setup_intent_unexpected_state",
      message: `You cannot cancel this SetupIntent because it has a status of ${si.status}.`,
      setup_intent: publicView(si),
    });
  si.status = "canceled";
  si.cancellation_reason = reason;
  si.next_action = null;
  em.store.put(si);
  em.webhooks.emit("setup_intent.canceled", si);
  return si;
}
