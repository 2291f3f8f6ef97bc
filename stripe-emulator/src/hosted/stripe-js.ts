/**
 * A Stripe.js stand-in: the subset of `window.Stripe` that @stripe/react-stripe-js and our
 * card form call. The card element renders plain, labelled inputs (no iframe), and calls the
 * emulator's REST API with the publishable key, as Stripe.js calls Stripe's.
 */
export function stripeJsSource(apiBase: string): string {
  return `(function () {
  "use strict";
  var API = ${JSON.stringify(apiBase)};
  function encode(obj, prefix, out) {
    out = out || [];
    Object.keys(obj).forEach(function (k) {
      var v = obj[k]; var key = prefix ? prefix + "[" + k + "]" : k;
      if (v === undefined || v === null) return;
      if (typeof v === "object") encode(v, key, out);
      else out.push(encodeURIComponent(key) + "=" + encodeURIComponent(String(v)));
    });
    return out.join("&");
  }
  function call(key, method, path, params) {
    var url = API + path; var body;
    if (method === "GET") { var q = encode(params || {}); if (q) url += "?" + q; } else { body = encode(params || {}); }
    return fetch(url, { method: method, headers: { Authorization: "Bearer " + key, "Content-Type": "application/x-www-form-urlencoded" }, body: body })
      .then(function (r) { return r.json(); })
      .catch(function () { return { error: { type: "api_connection_error", message: "We could not reach the payment service. Please try again." } }; });
  }
  function luhn(n) { var s = 0; for (var i = 0; i < n.length; i++) { var d = +n[n.length - 1 - i]; if (i % 2) { d *= 2; if (d > 9) d -= 9; } s += d; } return n.length >= 12 && s % 10 === 0; }
  function brand(n) { return /^4/.test(n) ? "visa" : /^5[1-5]/.test(n) ? "mastercard" : /^3[47]/.test(n) ? "amex" : "unknown"; }

  function CardElement(options) {
    this.type = "card"; this._handlers = {}; this._options = options || {}; this._node = null; this._inputs = null;
  }
  CardElement.prototype.on = function (event, cb) { (this._handlers[event] = this._handlers[event] || []).push(cb); return this; };
  CardElement.prototype.once = function (event, cb) { var self = this; function w(e) { self.off(event, w); cb(e); } return this.on(event, w); };
  CardElement.prototype.off = function (event, cb) { var h = this._handlers[event] || []; this._handlers[event] = cb ? h.filter(function (x) { return x !== cb; }) : []; return this; };
  CardElement.prototype._emit = function (event, payload) { (this._handlers[event] || []).slice().forEach(function (cb) { cb(payload); }); };
  CardElement.prototype._values = function () {
    var i = this._inputs; if (!i) return null;
    var exp = i.exp.value.replace(/\\s/g, "").split("/");
    return { number: i.number.value.replace(/\\D/g, ""), expMonth: exp[0] || "", expYear: exp[1] ? (exp[1].length === 2 ? "20" + exp[1] : exp[1]) : "", cvc: i.cvc.value.replace(/\\D/g, "") };
  };
  CardElement.prototype._state = function () {
    var v = this._values(); var error;
    var now = new Date(); var y = +v.expYear; var m = +v.expMonth;
    if (v.number.length >= 16 && !luhn(v.number)) error = { type: "validation_error", code: "invalid_number", message: "Your card number is invalid." };
    else if (v.expYear.length === 4 && (y < now.getFullYear() || (y === now.getFullYear() && m < now.getMonth() + 1))) error = { type: "validation_error", code: "invalid_expiry_year_past", message: "Your card's expiration year is in the past." };
    else if (v.expMonth && (m < 1 || m > 12)) error = { type: "validation_error", code: "invalid_expiry_month", message: "Your card's expiration date is incomplete." };
    var complete = !error && v.number.length >= 15 && luhn(v.number) && v.expMonth && v.expYear.length === 4 && v.cvc.length >= 3;
    return { elementType: "card", empty: !v.number && !v.expMonth && !v.cvc, complete: !!complete, error: error, brand: brand(v.number), value: { postalCode: "" } };
  };
  CardElement.prototype.mount = function (target) {
    var node = typeof target === "string" ? document.querySelector(target) : target;
    if (!node) throw new Error("Stripe emulator: mount target not found");
    var self = this; this._node = node;
    var style = (this._options.style && this._options.style.base) || {};
    var wrap = document.createElement("div");
    wrap.setAttribute("data-stripe-emulator-card", "");
    wrap.style.cssText = "display:flex;flex-wrap:wrap;gap:8px;align-items:center;font:inherit;" + (style.fontSize ? "font-size:" + style.fontSize + ";" : "") + (style.color ? "color:" + style.color + ";" : "");
    function input(name, label, placeholder, width, autocomplete) {
      var el = document.createElement("input");
      el.name = name; el.setAttribute("aria-label", label); el.placeholder = placeholder; el.inputMode = "numeric"; el.autocomplete = autocomplete;
      el.style.cssText = "flex:" + width + " 1 0;min-width:0;border:0;outline:0;background:transparent;font:inherit;color:inherit;padding:2px 0";
      el.addEventListener("input", function () { self._format(name); self._emit("change", self._state()); });
      el.addEventListener("focus", function () { self._emit("focus", { elementType: "card" }); });
      el.addEventListener("blur", function () { self._emit("blur", { elementType: "card" }); });
      el.addEventListener("keydown", function (e) { if (e.key === "Escape") self._emit("escape", { elementType: "card" }); });
      wrap.appendChild(el); return el;
    }
    this._inputs = {
      number: input("cardnumber", "Card number", "1234 1234 1234 1234", 6, "cc-number"),
      exp: input("exp-date", "Expiration date MM / YY", "MM / YY", 2, "cc-exp"),
      cvc: input("cvc", "CVC", "CVC", 1.4, "cc-csc"),
    };
    node.appendChild(wrap); this._wrap = wrap;
    setTimeout(function () { self._emit("ready", { elementType: "card" }); }, 0);
  };
  CardElement.prototype._format = function (name) {
    var i = this._inputs;
    if (name === "cardnumber") { var d = i.number.value.replace(/\\D/g, "").slice(0, 19); i.number.value = d.replace(/(.{4})/g, "$1 ").trim(); }
    if (name === "exp-date") { var e = i.exp.value.replace(/\\D/g, "").slice(0, 4); i.exp.value = e.length > 2 ? e.slice(0, 2) + " / " + e.slice(2) : e; }
    if (name === "cvc") { i.cvc.value = i.cvc.value.replace(/\\D/g, "").slice(0, 4); }
  };
  CardElement.prototype.update = function (options) { this._options = Object.assign({}, this._options, options); };
  CardElement.prototype.focus = function () { if (this._inputs) this._inputs.number.focus(); };
  CardElement.prototype.blur = function () { if (document.activeElement && this._wrap && this._wrap.contains(document.activeElement)) document.activeElement.blur(); };
  CardElement.prototype.clear = function () { if (!this._inputs) return; this._inputs.number.value = ""; this._inputs.exp.value = ""; this._inputs.cvc.value = ""; };
  CardElement.prototype.unmount = function () { if (this._wrap && this._wrap.parentNode) this._wrap.parentNode.removeChild(this._wrap); this._inputs = null; };
  CardElement.prototype.destroy = function () { this.unmount(); this._handlers = {}; this._destroyed = true; };

  function Elements(stripe, options) { this._stripe = stripe; this._options = options || {}; this._elements = {}; }
  Elements.prototype.create = function (type, options) {
    if (type !== "card") throw new Error("Stripe emulator: only the 'card' element is emulated, not '" + type + "'.");
    var el = new CardElement(options); this._elements[type] = el; return el;
  };
  // react-stripe-js passes its component (which carries __elementType) instead of the name.
  Elements.prototype.getElement = function (type) { var name = typeof type === "string" ? type : type && type.__elementType; var el = this._elements[name]; return el && !el._destroyed ? el : null; };
  Elements.prototype.update = function (options) { this._options = Object.assign({}, this._options, options); };
  Elements.prototype.fetchUpdates = function () { return Promise.resolve({}); };
  Elements.prototype.submit = function () { return Promise.resolve({}); };

  function challenge(url, pi, key, clientSecret) {
    return new Promise(function (resolve) {
      var overlay = document.createElement("div");
      overlay.setAttribute("role", "dialog"); overlay.setAttribute("aria-modal", "true"); overlay.setAttribute("aria-label", "3D Secure authentication");
      // pointer-events: a modal dialog on the page may have disabled them on <body>.
      overlay.style.cssText = "pointer-events:auto;position:fixed;inset:0;z-index:2147483647;background:rgba(17,24,39,.6);display:flex;align-items:center;justify-content:center";
      var frame = document.createElement("iframe");
      frame.src = url; frame.title = "3D Secure authentication";
      frame.style.cssText = "width:min(420px,94vw);height:min(520px,90vh);border:0;border-radius:12px;background:#fff";
      overlay.appendChild(frame); document.body.appendChild(overlay); frame.focus();
      var done = false;
      function finish() {
        if (done) return; done = true; clearInterval(timer); window.removeEventListener("message", onMessage);
        if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
        call(key, "GET", "/v1/payment_intents/" + pi, { client_secret: clientSecret }).then(resolve);
      }
      function onMessage(e) { if (e.data && e.data.type === "stripe-emulator-3ds-complete" && e.data.paymentIntentId === pi) finish(); }
      window.addEventListener("message", onMessage);
      var timer = setInterval(function () {
        call(key, "GET", "/v1/payment_intents/" + pi, { client_secret: clientSecret }).then(function (r) { if (r && r.status && r.status !== "requires_action") finish(); });
      }, 700);
    });
  }

  function Stripe(key) {
    if (!(this instanceof Stripe)) return new Stripe(key);
    if (!key || String(key).indexOf("pk_") !== 0) throw new Error("Stripe emulator: a publishable key (pk_...) is required.");
    this._key = key;
  }
  Stripe.prototype.elements = function (options) { return new Elements(this, options); };
  Stripe.prototype.registerAppInfo = function () {};
  Stripe.prototype._registerWrapper = function () {};
  Stripe.prototype.createToken = function () { return Promise.resolve({ error: { type: "invalid_request_error", message: "Tokens are not emulated; use createPaymentMethod." } }); };
  Stripe.prototype.createPaymentMethod = function (a, b, c) {
    var data = typeof a === "string" ? Object.assign({ type: a, card: b }, c || {}) : a || {};
    var card = data.card && data.card._values ? data.card : null;
    if (!card || !card._inputs) return Promise.resolve({ error: { type: "validation_error", message: "Card element not found" } });
    var state = card._state();
    if (state.error) return Promise.resolve({ error: state.error });
    var v = card._values();
    if (!v.number) return Promise.resolve({ error: { type: "validation_error", code: "incomplete_number", message: "Your card number is incomplete." } });
    if (!v.expMonth || v.expYear.length !== 4) return Promise.resolve({ error: { type: "validation_error", code: "incomplete_expiry", message: "Your card's expiration date is incomplete." } });
    if (v.cvc.length < 3) return Promise.resolve({ error: { type: "validation_error", code: "incomplete_cvc", message: "Your card's security code is incomplete." } });
    return call(this._key, "POST", "/v1/payment_methods", { type: "card", card: { number: v.number, exp_month: v.expMonth, exp_year: v.expYear, cvc: v.cvc }, billing_details: data.billing_details || {} })
      .then(function (r) { return r.error ? { error: r.error } : { paymentMethod: r }; });
  };
  Stripe.prototype.confirmCardPayment = function (clientSecret, data) {
    var self = this; var pi = String(clientSecret).split("_secret_")[0]; data = data || {};
    var pmStep = Promise.resolve({ id: undefined });
    if (data.payment_method && typeof data.payment_method === "object") {
      pmStep = this.createPaymentMethod({ type: "card", card: data.payment_method.card, billing_details: data.payment_method.billing_details }).then(function (r) { if (r.error) throw r; return r.paymentMethod; });
    } else if (typeof data.payment_method === "string") { pmStep = Promise.resolve({ id: data.payment_method }); }
    return pmStep.then(function (pm) {
      return call(self._key, "POST", "/v1/payment_intents/" + pi + "/confirm", { client_secret: clientSecret, payment_method: pm.id });
    }).then(function (r) {
      if (r.error) return { error: r.error };
      if (r.status === "requires_action" && r.next_action && r.next_action.redirect_to_url) {
        return challenge(r.next_action.redirect_to_url.url, pi, self._key, clientSecret).then(function (after) {
          if (after.status === "succeeded" || after.status === "processing") return { paymentIntent: after };
          return { error: { type: "card_error", code: "payment_intent_authentication_failure", message: "We are unable to authenticate your payment method. Please choose a different payment method and try again.", payment_intent: after } };
        });
      }
      return { paymentIntent: r };
    }, function (failed) { return failed && failed.error ? failed : { error: { type: "api_error", message: "Payment failed. Please try again." } }; });
  };
  Stripe.prototype.retrievePaymentIntent = function (clientSecret) {
    var pi = String(clientSecret).split("_secret_")[0];
    return call(this._key, "GET", "/v1/payment_intents/" + pi, { client_secret: clientSecret }).then(function (r) { return r.error ? { error: r.error } : { paymentIntent: r }; });
  };
  window.Stripe = Stripe;
})();`;
}
