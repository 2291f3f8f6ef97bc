/**
 * `window.Stripe(publishableKey, options)` and the instance methods @stripe/react-stripe-js and
 * our card form call. As in Stripe.js, outcomes (declines, validation, failed authentication, no
 * network) resolve to `{ error }`; only integration mistakes (a malformed client secret) reject.
 */
import { CardElement } from "./card-element";
import { challengeUrl, runChallenge } from "./challenge";
import { ElementsGroup, type ElementsOptions } from "./elements";
import { type ApiResult, apiRequest, type PaymentIntent, type StripeError } from "./http";

const AUTHENTICATION_FAILED =
  "We are unable to authenticate your payment method. Please choose a different payment method and try again.";
// Statuses in which the customer's part of the payment is done.
const SETTLED_STATUSES = ["succeeded", "processing", "requires_capture"];

type Fields = { [field: string]: unknown };

interface PaymentMethod {
  id: string;
  [field: string]: unknown;
}

interface BillingDetails {
  address?: Fields;
  [field: string]: unknown;
}

interface PaymentMethodData {
  type?: string;
  card?: unknown;
  billing_details?: BillingDetails;
  metadata?: Fields;
}

interface ConfirmCardPaymentData {
  payment_method?: string | Omit<PaymentMethodData, "type">;
  setup_future_usage?: string;
  receipt_email?: string;
}

interface ConfirmPaymentParams {
  elements?: { _options?: ElementsOptions; getElement?: (type: string) => CardElement | null };
  clientSecret?: string;
  redirect?: string;
  confirmParams?: {
    return_url?: string;
    payment_method?: string;
    payment_method_data?: { billing_details?: BillingDetails };
  };
}

type Outcome<Key extends string, T> =
  | ({ [key in Key]: T } & { error?: undefined })
  | ({ error: StripeError } & { [key in Key]?: undefined });
type PaymentMethodResult = Outcome<"paymentMethod", PaymentMethod>;
type PaymentIntentResult = Outcome<"paymentIntent", PaymentIntent>;
type SetupIntentResult = Outcome<"setupIntent", PaymentIntent>;

interface ConfirmCardSetupData {
  payment_method?: string | Omit<PaymentMethodData, "type">;
  return_url?: string;
}

function intentIdOf(clientSecret: unknown): string | null {
  const text = typeof clientSecret === "string" ? clientSecret : "";
  const at = text.indexOf("_secret_");
  return at > 0 ? text.slice(0, at) : null;
}

function setupIntentIdOf(clientSecret: unknown): string | null {
  const id = intentIdOf(clientSecret);
  return id && id.indexOf("seti_") === 0 ? id : null;
}

function badClientSecret(method: string): Promise<never> {
  return Promise.reject(
    new Error(
      `Invalid value for ${method}: clientSecret should be a client secret of the form {id}_secret_{secret}.`,
    ),
  );
}

function afterChallenge(result: ApiResult<PaymentIntent>): PaymentIntentResult {
  if (result.error) return { error: result.error };
  const intent = result.data;
  if (SETTLED_STATUSES.indexOf(intent.status) >= 0) return { paymentIntent: intent };
  return {
    error: {
      type: "card_error",
      code: "payment_intent_authentication_failure",
      message: AUTHENTICATION_FAILED,
      payment_intent: intent,
    },
  };
}

// A confirmed PaymentIntent that asks for 3-D Secure gets the challenge; any other is final.
/**
 * The Payment Element calls (confirmPayment, confirmSetup), served by the card Element: their
 * client secret, and the card to confirm with (a PaymentMethod id, or the Element's card).
 */
function elementsConfirmation(params: ConfirmPaymentParams | undefined) {
  const { elements, confirmParams = {}, redirect } = params || {};
  const clientSecret = params?.clientSecret || elements?._options?.clientSecret;
  const card =
    elements && typeof elements.getElement === "function" ? elements.getElement("card") : null;
  const methodData = confirmParams.payment_method_data || {};
  const paymentMethod = confirmParams.payment_method
    ? confirmParams.payment_method
    : card
      ? { card, billing_details: methodData.billing_details }
      : undefined;
  // Stripe.js goes to return_url after a successful confirmation unless told otherwise.
  const returnUrl = redirect === "if_required" ? undefined : confirmParams.return_url;
  return { clientSecret, paymentMethod, returnUrl };
}

/** Leaves for return_url with the intent's id, secret and status, as Stripe.js does. */
function redirectAfterConfirm(
  returnUrl: string,
  kind: "payment_intent" | "setup_intent",
  intent: { id: string; status: string },
  clientSecret: string,
): Promise<never> {
  const target = new URL(returnUrl, window.location.href);
  target.searchParams.set(kind, intent.id);
  target.searchParams.set(`${kind}_client_secret`, clientSecret);
  target.searchParams.set("redirect_status", intent.status);
  window.location.assign(target.toString());
  return new Promise<never>(() => {});
}

function settleIntent(
  stripe: StripeClient,
  intent: PaymentIntent,
  clientSecret: string,
): Promise<PaymentIntentResult> {
  if (intent.status !== "requires_action") return Promise.resolve({ paymentIntent: intent });
  const url = challengeUrl(intent.next_action);
  if (!url) {
    const nextAction = intent.next_action as { type?: unknown } | null | undefined;
    const kind = nextAction?.type;
    return Promise.resolve({
      error: {
        type: "invalid_request_error",
        code: "payment_intent_unexpected_state",
        message: `The Stripe emulator cannot perform this PaymentIntent's next_action (${kind}).`,
        payment_intent: intent,
      },
    });
  }
  return runChallenge(stripe, url, intent.id, clientSecret).then(afterChallenge);
}

function afterSetupChallenge(result: ApiResult<PaymentIntent>): SetupIntentResult {
  if (result.error) return { error: result.error };
  const intent = result.data;
  if (intent.status === "succeeded" || intent.status === "processing")
    return { setupIntent: intent };
  return {
    error: {
      type: "invalid_request_error",
      code: "setup_intent_authentication_failure",
      message: AUTHENTICATION_FAILED,
      setup_intent: intent,
    },
  };
}

// A confirmed SetupIntent that asks for 3-D Secure gets the challenge, as a payment does.
function settleSetupIntent(
  stripe: StripeClient,
  intent: PaymentIntent,
  clientSecret: string,
): Promise<SetupIntentResult> {
  if (intent.status !== "requires_action") return Promise.resolve({ setupIntent: intent });
  const url = challengeUrl(intent.next_action);
  if (!url)
    return Promise.resolve({
      error: {
        type: "invalid_request_error",
        code: "setup_intent_unexpected_state",
        message: "The Stripe emulator cannot perform this SetupIntent's next_action.",
        setup_intent: intent,
      },
    });
  return runChallenge(stripe, url, intent.id, clientSecret).then(afterSetupChallenge);
}

/** What `Stripe(...)` returns; see `Stripe` below for why it is not the constructor itself. */
export class StripeClient {
  _key: string;
  _stripeAccount: string | null;

  constructor(publishableKey: unknown, options?: { stripeAccount?: string }) {
    if (typeof publishableKey !== "string" || publishableKey.indexOf("pk_") !== 0) {
      throw new Error(
        `Invalid value for Stripe(): apiKey should be a publishable key (pk_...). You specified: ${String(publishableKey)}.`,
      );
    }
    this._key = publishableKey;
    this._stripeAccount = options?.stripeAccount ? String(options.stripeAccount) : null;
  }

  elements(options?: ElementsOptions): ElementsGroup {
    return new ElementsGroup(this, options);
  }

  // react-stripe-js reports itself through these; there is no one to report to here.
  _registerWrapper(): void {}
  registerAppInfo(): void {}

  createToken(): Promise<{ error: StripeError }> {
    return Promise.resolve({
      error: {
        type: "invalid_request_error",
        message: "The Stripe emulator does not issue tokens; use createPaymentMethod.",
      },
    });
  }

  // createPaymentMethod({ type, card, billing_details }) or the older ('card', element, data).
  createPaymentMethod(
    typeOrData?: string | PaymentMethodData,
    element?: unknown,
    extra?: PaymentMethodData,
  ): Promise<PaymentMethodResult> {
    const data: PaymentMethodData =
      typeof typeOrData === "string"
        ? Object.assign({}, extra || {}, { type: typeOrData, card: element })
        : typeOrData || {};
    if (data.type !== "card") {
      return Promise.resolve({
        error: {
          type: "invalid_request_error",
          message: "The Stripe emulator only creates PaymentMethods of type 'card'.",
        },
      });
    }
    if (!(data.card instanceof CardElement)) {
      return Promise.resolve({
        error: {
          type: "invalid_request_error",
          message: "Pass the card Element as card, e.g. elements.getElement('card').",
        },
      });
    }
    const collected = data.card._collect();
    if (collected.error) return Promise.resolve({ error: collected.error });
    const billing: BillingDetails = Object.assign({}, data.billing_details || {});
    if (collected.postalCode) {
      billing.address = Object.assign({ postal_code: collected.postalCode }, billing.address || {});
    }
    const params: Fields = { type: "card", card: collected.card, billing_details: billing };
    if (data.metadata) params.metadata = data.metadata;
    return apiRequest<PaymentMethod>(this, "POST", "/v1/payment_methods", params).then((result) =>
      result.error ? { error: result.error } : { paymentMethod: result.data },
    );
  }

  // A PaymentMethod id as given, or one made from the card Element and billing details.
  _paymentMethodOf(
    method: string | Omit<PaymentMethodData, "type"> | undefined,
  ): Promise<Outcome<"paymentMethod", { id: string } | null>> {
    return method && typeof method === "object"
      ? this.createPaymentMethod({
          type: "card",
          card: method.card,
          billing_details: method.billing_details,
          metadata: method.metadata,
        })
      : Promise.resolve({ paymentMethod: typeof method === "string" ? { id: method } : null });
  }

  // Confirms a PaymentIntent or SetupIntent with the card given (made into a PaymentMethod
  // first when it is the card Element), as the two confirmCard calls share.
  _confirmIntent(
    path: string,
    clientSecret: string,
    method: ConfirmCardSetupData["payment_method"],
    extra: Fields,
  ): Promise<ApiResult<PaymentIntent>> {
    return this._paymentMethodOf(method).then((created) => {
      if (created.error) return { error: created.error };
      const params: Fields = Object.assign({ client_secret: clientSecret }, extra);
      if (created.paymentMethod) params.payment_method = created.paymentMethod.id;
      return apiRequest<PaymentIntent>(this, "POST", path, params);
    });
  }

  confirmCardPayment(
    clientSecret: string,
    data?: ConfirmCardPaymentData,
    options?: { handleActions?: boolean },
  ): Promise<PaymentIntentResult> {
    const id = intentIdOf(clientSecret);
    if (!id) return badClientSecret("confirmCardPayment");
    const details = data || {};
    const extra: Fields = {};
    if (details.setup_future_usage) extra.setup_future_usage = details.setup_future_usage;
    if (details.receipt_email) extra.receipt_email = details.receipt_email;
    const path = `/v1/payment_intents/${encodeURIComponent(id)}/confirm`;
    return this._confirmIntent(path, clientSecret, details.payment_method, extra).then((result) => {
      if (result.error) return { error: result.error };
      return options?.handleActions === false
        ? { paymentIntent: result.data }
        : settleIntent(this, result.data, clientSecret);
    });
  }

  // For PaymentIntents confirmed on the server that now need the customer's 3-D Secure.
  handleCardAction(clientSecret: string): Promise<PaymentIntentResult> {
    if (!intentIdOf(clientSecret)) return badClientSecret("handleCardAction");
    return this.retrievePaymentIntent(clientSecret).then((result) =>
      result.error ? result : settleIntent(this, result.paymentIntent, clientSecret),
    );
  }

  // The Payment Element call, served by the card Element: enough for code written against it.
  confirmPayment(params?: ConfirmPaymentParams): Promise<PaymentIntentResult> {
    const { clientSecret, paymentMethod, returnUrl } = elementsConfirmation(params);
    if (!clientSecret || !intentIdOf(clientSecret)) return badClientSecret("confirmPayment");
    const data: ConfirmCardPaymentData = paymentMethod ? { payment_method: paymentMethod } : {};
    return this.confirmCardPayment(clientSecret, data).then((result) =>
      result.error || !returnUrl
        ? result
        : redirectAfterConfirm(returnUrl, "payment_intent", result.paymentIntent, clientSecret),
    );
  }

  // Saves a card for later through a SetupIntent (a trial's pending_setup_intent, say).
  confirmCardSetup(
    clientSecret: string,
    data?: ConfirmCardSetupData,
    options?: { handleActions?: boolean },
  ): Promise<SetupIntentResult> {
    const id = setupIntentIdOf(clientSecret);
    if (!id) return badClientSecret("confirmCardSetup");
    const details = data || {};
    const extra: Fields = details.return_url ? { return_url: details.return_url } : {};
    const path = `/v1/setup_intents/${encodeURIComponent(id)}/confirm`;
    return this._confirmIntent(path, clientSecret, details.payment_method, extra).then((result) => {
      if (result.error) return { error: result.error };
      return options?.handleActions === false
        ? { setupIntent: result.data }
        : settleSetupIntent(this, result.data, clientSecret);
    });
  }

  // The Payment Element's call for SetupIntents, served by the card Element like confirmPayment.
  confirmSetup(params?: ConfirmPaymentParams): Promise<SetupIntentResult> {
    const { clientSecret, paymentMethod, returnUrl } = elementsConfirmation(params);
    if (!clientSecret || !setupIntentIdOf(clientSecret)) return badClientSecret("confirmSetup");
    const data: ConfirmCardSetupData = paymentMethod ? { payment_method: paymentMethod } : {};
    return this.confirmCardSetup(clientSecret, data).then((result) =>
      result.error || !returnUrl
        ? result
        : redirectAfterConfirm(returnUrl, "setup_intent", result.setupIntent, clientSecret),
    );
  }

  retrieveSetupIntent(clientSecret: string): Promise<SetupIntentResult> {
    const id = setupIntentIdOf(clientSecret);
    if (!id) return badClientSecret("retrieveSetupIntent");
    return apiRequest<PaymentIntent>(this, "GET", `/v1/setup_intents/${encodeURIComponent(id)}`, {
      client_secret: clientSecret,
    }).then((result) => (result.error ? { error: result.error } : { setupIntent: result.data }));
  }

  retrievePaymentIntent(clientSecret: string): Promise<PaymentIntentResult> {
    const id = intentIdOf(clientSecret);
    if (!id) return badClientSecret("retrievePaymentIntent");
    return apiRequest<PaymentIntent>(this, "GET", `/v1/payment_intents/${encodeURIComponent(id)}`, {
      client_secret: clientSecret,
    }).then((result) => (result.error ? { error: result.error } : { paymentIntent: result.data }));
  }
}

/**
 * `Stripe(key)` and `new Stripe(key)` both give an instance, as with Stripe.js; a class alone
 * cannot be called without `new`. Sharing the prototype keeps `instance instanceof Stripe`.
 */
export function Stripe(
  publishableKey: unknown,
  options?: { stripeAccount?: string },
): StripeClient {
  return new StripeClient(publishableKey, options);
}
Stripe.prototype = StripeClient.prototype;
Stripe.version = 3;
