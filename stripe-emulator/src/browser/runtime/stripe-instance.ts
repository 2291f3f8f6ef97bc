/**
 * Browser-side source (ES2019): `window.Stripe(publishableKey, options)` and the instance
 * methods @stripe/react-stripe-js and our card form call. As in Stripe.js, outcomes (declines,
 * validation, failed authentication, no network) resolve to `{ error }`; only integration
 * mistakes (a malformed client secret) reject.
 * Expects the http, card-element, elements and challenge sources in scope.
 */
// biome-ignore lint/complexity/noUselessStringRaw: browser source; raw keeps any regex escape literal
export const stripeInstanceSource = String.raw`
  var AUTHENTICATION_FAILED =
    "We are unable to authenticate your payment method. Please choose a different payment method and try again.";
  // Statuses in which the customer's part of the payment is done.
  var SETTLED_STATUSES = ["succeeded", "processing", "requires_capture"];

  function intentIdOf(clientSecret) {
    var text = typeof clientSecret === "string" ? clientSecret : "";
    var at = text.indexOf("_secret_");
    return at > 0 ? text.slice(0, at) : null;
  }

  function badClientSecret(method) {
    return Promise.reject(new Error(
      "Invalid value for " + method + ": clientSecret should be a client secret of the form {id}_secret_{secret}.",
    ));
  }

  function afterChallenge(result) {
    if (result.error) return { error: result.error };
    var intent = result.data;
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
  function settleIntent(stripe, intent, clientSecret) {
    if (intent.status !== "requires_action") return Promise.resolve({ paymentIntent: intent });
    var url = challengeUrl(intent.next_action);
    if (!url) {
      var kind = intent.next_action && intent.next_action.type;
      return Promise.resolve({
        error: {
          type: "invalid_request_error",
          code: "payment_intent_unexpected_state",
          message: "The Stripe emulator cannot perform this PaymentIntent's next_action (" + kind + ").",
          payment_intent: intent,
        },
      });
    }
    return runChallenge(stripe, url, intent.id, clientSecret).then(afterChallenge);
  }

  function Stripe(publishableKey, options) {
    if (!(this instanceof Stripe)) return new Stripe(publishableKey, options);
    if (typeof publishableKey !== "string" || publishableKey.indexOf("pk_") !== 0) {
      throw new Error("Invalid value for Stripe(): apiKey should be a publishable key (pk_...). You specified: " + String(publishableKey) + ".");
    }
    this._key = publishableKey;
    this._stripeAccount = options && options.stripeAccount ? String(options.stripeAccount) : null;
  }

  Stripe.prototype.elements = function (options) {
    return new ElementsGroup(this, options);
  };

  // react-stripe-js reports itself through these; there is no one to report to here.
  Stripe.prototype._registerWrapper = function () {};
  Stripe.prototype.registerAppInfo = function () {};

  Stripe.prototype.createToken = function () {
    return Promise.resolve({
      error: { type: "invalid_request_error", message: "The Stripe emulator does not issue tokens; use createPaymentMethod." },
    });
  };

  // createPaymentMethod({ type, card, billing_details }) or the older ('card', element, data).
  Stripe.prototype.createPaymentMethod = function (typeOrData, element, extra) {
    var data = typeof typeOrData === "string"
      ? Object.assign({}, extra || {}, { type: typeOrData, card: element })
      : typeOrData || {};
    if (data.type !== "card") {
      return Promise.resolve({
        error: { type: "invalid_request_error", message: "The Stripe emulator only creates PaymentMethods of type 'card'." },
      });
    }
    if (!(data.card instanceof CardElement)) {
      return Promise.resolve({
        error: { type: "invalid_request_error", message: "Pass the card Element as card, e.g. elements.getElement('card')." },
      });
    }
    var collected = data.card._collect();
    if (collected.error) return Promise.resolve({ error: collected.error });
    var billing = Object.assign({}, data.billing_details || {});
    if (collected.postalCode) {
      billing.address = Object.assign({ postal_code: collected.postalCode }, billing.address || {});
    }
    var params = { type: "card", card: collected.card, billing_details: billing };
    if (data.metadata) params.metadata = data.metadata;
    return apiRequest(this, "POST", "/v1/payment_methods", params).then(function (result) {
      return result.error ? { error: result.error } : { paymentMethod: result.data };
    });
  };

  Stripe.prototype.confirmCardPayment = function (clientSecret, data, options) {
    var self = this;
    var id = intentIdOf(clientSecret);
    if (!id) return badClientSecret("confirmCardPayment");
    data = data || {};
    var handleActions = !(options && options.handleActions === false);
    var method = data.payment_method;
    var methodStep = method && typeof method === "object"
      ? this.createPaymentMethod({ type: "card", card: method.card, billing_details: method.billing_details, metadata: method.metadata })
      : Promise.resolve({ paymentMethod: typeof method === "string" ? { id: method } : null });
    return methodStep.then(function (created) {
      if (created.error) return { error: created.error };
      var params = { client_secret: clientSecret };
      if (created.paymentMethod) params.payment_method = created.paymentMethod.id;
      if (data.setup_future_usage) params.setup_future_usage = data.setup_future_usage;
      if (data.receipt_email) params.receipt_email = data.receipt_email;
      var path = "/v1/payment_intents/" + encodeURIComponent(id) + "/confirm";
      return apiRequest(self, "POST", path, params).then(function (result) {
        if (result.error) return { error: result.error };
        return handleActions ? settleIntent(self, result.data, clientSecret) : { paymentIntent: result.data };
      });
    });
  };

  // For PaymentIntents confirmed on the server that now need the customer's 3-D Secure.
  Stripe.prototype.handleCardAction = function (clientSecret) {
    var self = this;
    if (!intentIdOf(clientSecret)) return badClientSecret("handleCardAction");
    return this.retrievePaymentIntent(clientSecret).then(function (result) {
      return result.error ? result : settleIntent(self, result.paymentIntent, clientSecret);
    });
  };

  // The Payment Element call, served by the card Element: enough for code written against it.
  Stripe.prototype.confirmPayment = function (params) {
    params = params || {};
    var elements = params.elements;
    var confirmParams = params.confirmParams || {};
    var clientSecret = params.clientSecret || (elements && elements._options && elements._options.clientSecret);
    if (!intentIdOf(clientSecret)) return badClientSecret("confirmPayment");
    var data = {};
    var card = elements && typeof elements.getElement === "function" ? elements.getElement("card") : null;
    if (confirmParams.payment_method) data.payment_method = confirmParams.payment_method;
    else if (card) {
      var methodData = confirmParams.payment_method_data || {};
      data.payment_method = { card: card, billing_details: methodData.billing_details };
    }
    return this.confirmCardPayment(clientSecret, data).then(function (result) {
      if (result.error || params.redirect === "if_required" || !confirmParams.return_url) return result;
      // Stripe.js goes to return_url after a successful confirmation unless told otherwise.
      var intent = result.paymentIntent;
      var target = new URL(confirmParams.return_url, window.location.href);
      target.searchParams.set("payment_intent", intent.id);
      target.searchParams.set("payment_intent_client_secret", clientSecret);
      target.searchParams.set("redirect_status", intent.status === "succeeded" ? "succeeded" : intent.status);
      window.location.assign(target.toString());
      return new Promise(function () {});
    });
  };

  Stripe.prototype.retrievePaymentIntent = function (clientSecret) {
    var id = intentIdOf(clientSecret);
    if (!id) return badClientSecret("retrievePaymentIntent");
    return apiRequest(this, "GET", "/v1/payment_intents/" + encodeURIComponent(id), { client_secret: clientSecret })
      .then(function (result) {
        return result.error ? { error: result.error } : { paymentIntent: result.data };
      });
  };
`;
