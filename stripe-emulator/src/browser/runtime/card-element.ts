/**
 * Browser-side source (ES2019): the `card` Element. Real Stripe renders it in an iframe; the
 * emulator renders plain labelled inputs straight into the mount node, which is simpler and
 * lets tests and assistive technology reach them. Events and their payloads follow Stripe's.
 * Expects the card-rules source in scope.
 */
export const cardElementSource = String.raw`
  var CARD_STYLE_ID = "stripe-emulator-card-styles";
  var CARD_CSS =
    ".__se-card{display:flex;flex-wrap:wrap;align-items:center;gap:4px 12px;width:100%;font:inherit;color:inherit;line-height:1.5}" +
    ".__se-input{display:block;box-sizing:border-box;-webkit-appearance:none;appearance:none;margin:0;padding:0;border:0;outline:0;" +
    "background:transparent;box-shadow:none;font:inherit;color:inherit;letter-spacing:inherit;line-height:inherit;min-width:0;font-variant-numeric:tabular-nums}" +
    ".__se-input[hidden]{display:none}" +
    ".__se-input::placeholder{color:var(--se-placeholder,#8792a2);opacity:1}" +
    ".__se-input[aria-invalid=true]{color:var(--se-invalid,#df1b41)}" +
    ".__se-input:disabled{cursor:not-allowed;opacity:.6}" +
    ".__se-number{flex:1 1 11em}.__se-expiry{flex:0 1 5.5em}.__se-cvc{flex:0 1 3.5em}.__se-postalCode{flex:0 1 5.5em}";

  var CARD_FIELDS = ["number", "expiry", "cvc", "postalCode"];
  var DEFAULT_CLASSES = {
    base: "StripeElement",
    complete: "StripeElement--complete",
    empty: "StripeElement--empty",
    focus: "StripeElement--focus",
    invalid: "StripeElement--invalid",
  };

  function injectCardStyles() {
    if (document.getElementById(CARD_STYLE_ID)) return;
    var style = document.createElement("style");
    style.id = CARD_STYLE_ID;
    style.textContent = CARD_CSS;
    (document.head || document.documentElement).appendChild(style);
  }

  function mergeOptions(current, next) {
    var merged = Object.assign({}, current, next);
    if (current.style && next && next.style) merged.style = Object.assign({}, current.style, next.style);
    return merged;
  }

  // Put the caret back after the same number of digits it followed before reformatting.
  function caretAfterDigits(text, digitCount) {
    if (digitCount <= 0) return 0;
    var seen = 0;
    for (var i = 0; i < text.length; i++) {
      if (/\d/.test(text.charAt(i))) seen++;
      if (seen === digitCount) return i + 1;
    }
    return text.length;
  }

  function CardElement(group, options) {
    this._group = group;
    this._options = options || {};
    this._listeners = {};
    this._node = null;
    this._root = null;
    this._inputs = null;
    this._ready = false;
    this._destroyed = false;
    this._touched = {};
    this._focused = null;
    this._lastErrorCode = null;
  }

  CardElement.prototype.on = function (type, handler) {
    if (typeof handler !== "function") throw new Error("element.on('" + type + "', handler): handler must be a function.");
    (this._listeners[type] = this._listeners[type] || []).push(handler);
    // react-stripe-js subscribes to 'ready' in an effect that runs after mount(); a listener
    // that arrives after the element is ready still hears about it.
    if (type === "ready" && this._ready) {
      var self = this;
      setTimeout(function () {
        if ((self._listeners.ready || []).indexOf(handler) >= 0) handler({ elementType: "card" });
      }, 0);
    }
    return this;
  };
  CardElement.prototype.addEventListener = CardElement.prototype.on;

  CardElement.prototype.once = function (type, handler) {
    var self = this;
    function wrapper(event) {
      self.off(type, wrapper);
      handler(event);
    }
    wrapper._original = handler;
    return this.on(type, wrapper);
  };

  CardElement.prototype.off = function (type, handler) {
    var list = this._listeners[type] || [];
    this._listeners[type] = handler
      ? list.filter(function (h) { return h !== handler && h._original !== handler; })
      : [];
    return this;
  };
  CardElement.prototype.removeEventListener = CardElement.prototype.off;

  CardElement.prototype._emit = function (type, payload) {
    var list = (this._listeners[type] || []).slice();
    for (var i = 0; i < list.length; i++) {
      try {
        list[i](payload);
      } catch (error) {
        // One failing handler must not silence the others; report it the way the browser would.
        setTimeout(function () { throw error; }, 0);
      }
    }
  };

  CardElement.prototype.mount = function (target) {
    if (this._destroyed) throw new Error("This Element has already been destroyed. Please create a new one.");
    if (this._root) throw new Error("This Element is already mounted. Use unmount() to unmount the Element before re-mounting.");
    var node = typeof target === "string" ? document.querySelector(target) : target;
    if (!node || node.nodeType !== 1) {
      throw new Error(typeof target === "string"
        ? "The selector you specified (" + target + ") applies to no DOM elements that are currently on the page."
        : "Invalid DOM element. Make sure to call mount() with a valid DOM element or selector.");
    }
    injectCardStyles();
    this._node = node;
    this._render();
    node.appendChild(this._root);
    this._applyOptions();
    this._refreshLook(this._evaluate());
    var self = this;
    setTimeout(function () {
      if (!self._root) return;
      self._ready = true;
      self._emit("ready", { elementType: "card" });
    }, 0);
  };

  CardElement.prototype._render = function () {
    var self = this;
    var root = document.createElement("div");
    root.className = "__se-card";
    root.setAttribute("role", "group");
    root.setAttribute("aria-label", "Credit or debit card");
    root.setAttribute("data-stripe-emulator-card", "");
    function field(key, name, label, placeholder, autocomplete, numeric) {
      var input = document.createElement("input");
      input.type = "text";
      input.className = "__se-input __se-" + key;
      input.name = name;
      input.setAttribute("aria-label", label);
      input.placeholder = placeholder;
      input.autocomplete = autocomplete;
      input.spellcheck = false;
      if (numeric) input.inputMode = "numeric";
      input.addEventListener("input", function (event) { self._onInput(key, event); });
      input.addEventListener("focus", function (event) { self._onFocus(key, event); });
      input.addEventListener("blur", function (event) { self._onBlur(key, event); });
      input.addEventListener("keydown", function (event) { self._onKeydown(key, event); });
      root.appendChild(input);
      return input;
    }
    this._inputs = {
      number: field("number", "cardnumber", "Card number", "1234 1234 1234 1234", "cc-number", true),
      expiry: field("expiry", "exp-date", "Expiration date MM / YY", "MM / YY", "cc-exp", true),
      cvc: field("cvc", "cvc", "CVC", "CVC", "cc-csc", true),
      postalCode: field("postalCode", "postal", "ZIP", "ZIP", "postal-code", false),
    };
    this._inputs.postalCode.maxLength = 10;
    this._root = root;
  };

  CardElement.prototype._applyOptions = function () {
    if (!this._root) return;
    var options = this._options;
    var style = options.style || {};
    var base = style.base || {};
    var css = this._root.style;
    css.fontSize = base.fontSize || "";
    css.color = base.color || "";
    css.fontFamily = base.fontFamily || "";
    css.fontWeight = base.fontWeight || "";
    css.lineHeight = base.lineHeight || "";
    css.letterSpacing = base.letterSpacing || "";
    css.setProperty("--se-placeholder", (base["::placeholder"] && base["::placeholder"].color) || "");
    css.setProperty("--se-invalid", (style.invalid && style.invalid.color) || "");
    this._inputs.postalCode.hidden = !!options.hidePostalCode;
    if (options.value && options.value.postalCode != null && !this._inputs.postalCode.value) {
      this._inputs.postalCode.value = String(options.value.postalCode);
    }
    for (var i = 0; i < CARD_FIELDS.length; i++) this._inputs[CARD_FIELDS[i]].disabled = !!options.disabled;
  };

  CardElement.prototype._visibleFields = function () {
    return this._options.hidePostalCode ? CARD_FIELDS.slice(0, 3) : CARD_FIELDS.slice();
  };

  // The whole element's state; "shown" holds the errors the customer should see right now.
  CardElement.prototype._evaluate = function () {
    var inputs = this._inputs;
    var number = cardRules.digitsOf(inputs.number.value);
    var brand = cardRules.brandOf(number);
    var values = {
      number: number,
      expiry: cardRules.digitsOf(inputs.expiry.value),
      cvc: cardRules.digitsOf(inputs.cvc.value),
      postalCode: inputs.postalCode.value.trim(),
    };
    var checks = {
      number: cardRules.checkNumber(number),
      expiry: cardRules.checkExpiry(values.expiry, new Date()),
      cvc: cardRules.checkCvc(values.cvc, brand),
      postalCode: cardRules.checkPostalCode(values.postalCode),
    };
    var fields = this._visibleFields();
    var empty = true;
    var complete = true;
    var shown = {};
    var firstError;
    for (var i = 0; i < fields.length; i++) {
      var key = fields[i];
      var check = checks[key];
      if (values[key]) empty = false;
      if (check.complete) continue;
      complete = false;
      // An empty field never nags; an incomplete one waits until the customer leaves it.
      var visible = values[key] && (check.hard || (this._touched[key] && this._focused !== key));
      if (visible) {
        shown[key] = true;
        if (!firstError) firstError = check.error;
      }
    }
    return { brand: brand, values: values, checks: checks, fields: fields, empty: empty, complete: complete, shown: shown, error: firstError };
  };

  CardElement.prototype._changeEvent = function (state) {
    return {
      elementType: "card",
      empty: state.empty,
      complete: state.complete,
      error: state.error,
      brand: state.brand,
      value: { postalCode: state.values.postalCode },
    };
  };

  CardElement.prototype._refreshLook = function (state) {
    var inputs = this._inputs;
    for (var i = 0; i < CARD_FIELDS.length; i++) {
      var key = CARD_FIELDS[i];
      if (state.shown[key]) inputs[key].setAttribute("aria-invalid", "true");
      else inputs[key].removeAttribute("aria-invalid");
    }
    var classes = Object.assign({}, DEFAULT_CLASSES, this._options.classes || {});
    var list = this._node.classList;
    list.add(classes.base);
    list.toggle(classes.empty, state.empty);
    list.toggle(classes.complete, state.complete);
    list.toggle(classes.invalid, !!state.error);
    list.toggle(classes.focus, this._focused !== null);
  };

  // Emits 'change' always when a value changed, otherwise only when the shown error did.
  CardElement.prototype._update = function (valueChanged) {
    var state = this._evaluate();
    this._refreshLook(state);
    var code = state.error ? state.error.code : null;
    if (valueChanged || code !== this._lastErrorCode) {
      this._lastErrorCode = code;
      this._emit("change", this._changeEvent(state));
    }
    return state;
  };

  CardElement.prototype._onInput = function (key, event) {
    var input = this._inputs[key];
    var before = input.value;
    var caret = input.selectionStart == null ? before.length : input.selectionStart;
    var atEnd = caret >= before.length;
    var deleting = !!(event && typeof event.inputType === "string" && event.inputType.indexOf("delete") === 0);
    var formatted;
    if (key === "number") {
      var number = cardRules.digitsOf(before);
      formatted = cardRules.formatNumber(number.slice(0, cardRules.maxNumberLength(cardRules.brandOf(number))));
    } else if (key === "expiry") {
      formatted = cardRules.formatExpiry(before, deleting);
    } else if (key === "cvc") {
      var brand = cardRules.brandOf(cardRules.digitsOf(this._inputs.number.value));
      formatted = cardRules.digitsOf(before).slice(0, cardRules.cvcLengthOf(brand));
    } else {
      formatted = before.toUpperCase().replace(/[^A-Z0-9 -]/g, "").slice(0, 10);
    }
    if (formatted !== before) {
      input.value = formatted;
      if (!atEnd && key !== "postalCode" && document.activeElement === input) {
        var position = caretAfterDigits(formatted, cardRules.digitsOf(before.slice(0, caret)).length);
        input.setSelectionRange(position, position);
      }
    }
    var state = this._update(true);
    // Like Stripe, move on to the next field once this one is complete and valid.
    if (atEnd && !deleting && state.checks[key].complete) {
      var fields = state.fields;
      var next = fields[fields.indexOf(key) + 1];
      if (next) this._inputs[next].focus();
    }
  };

  CardElement.prototype._onKeydown = function (key, event) {
    if (event.key === "Escape") {
      this._emit("escape", { elementType: "card" });
      return;
    }
    // Backspace in an empty field steps back into the previous one, as in Stripe's element.
    if (event.key === "Backspace" && this._inputs[key].value === "") {
      var fields = this._visibleFields();
      var previous = this._inputs[fields[fields.indexOf(key) - 1]];
      if (previous) {
        event.preventDefault();
        previous.focus();
        var end = previous.value.length;
        previous.setSelectionRange(end, end);
      }
    }
  };

  CardElement.prototype._containsNode = function (node) {
    return !!(node && this._root && this._root.contains(node));
  };

  CardElement.prototype._onFocus = function (key, event) {
    var wasFocused = this._focused !== null || this._containsNode(event.relatedTarget);
    this._focused = key;
    if (!wasFocused) this._emit("focus", { elementType: "card" });
    this._update(false);
  };

  CardElement.prototype._onBlur = function (key, event) {
    this._touched[key] = true;
    if (this._focused === key) this._focused = null;
    // Moving between the element's own inputs is not a blur of the element.
    if (!this._containsNode(event.relatedTarget)) this._emit("blur", { elementType: "card" });
    if (this._root) this._update(false);
  };

  // The card data for createPaymentMethod, or the first validation error Stripe would give.
  CardElement.prototype._collect = function () {
    if (!this._inputs || this._destroyed) {
      return {
        error: {
          type: "validation_error",
          code: "element_not_mounted",
          message: "We could not retrieve data from the specified Element. Please make sure the Element you are attempting to use is still mounted.",
        },
      };
    }
    var state = this._evaluate();
    for (var i = 0; i < state.fields.length; i++) {
      var key = state.fields[i];
      this._touched[key] = true;
      if (!state.checks[key].complete) {
        this._inputs[key].setAttribute("aria-invalid", "true");
        return { error: state.checks[key].error };
      }
    }
    var expiry = state.checks.expiry;
    return {
      card: {
        number: state.values.number,
        exp_month: String(expiry.month),
        exp_year: String(expiry.year),
        cvc: state.values.cvc,
      },
      postalCode: this._options.hidePostalCode ? "" : state.values.postalCode,
    };
  };

  CardElement.prototype.update = function (options) {
    this._options = mergeOptions(this._options, options || {});
    if (this._root) {
      this._applyOptions();
      this._refreshLook(this._evaluate());
    }
  };

  CardElement.prototype.focus = function () {
    if (this._inputs) this._inputs.number.focus();
  };

  CardElement.prototype.blur = function () {
    if (this._containsNode(document.activeElement)) document.activeElement.blur();
  };

  CardElement.prototype.clear = function () {
    if (!this._inputs) return;
    for (var i = 0; i < CARD_FIELDS.length; i++) this._inputs[CARD_FIELDS[i]].value = "";
    this._touched = {};
    this._update(true);
  };

  CardElement.prototype.unmount = function () {
    if (!this._root) return;
    if (this._root.parentNode) this._root.parentNode.removeChild(this._root);
    var classes = Object.assign({}, DEFAULT_CLASSES, this._options.classes || {});
    var list = this._node.classList;
    list.remove(classes.base, classes.empty, classes.complete, classes.invalid, classes.focus);
    this._root = null;
    this._inputs = null;
    this._node = null;
    this._ready = false;
    this._focused = null;
  };

  CardElement.prototype.destroy = function () {
    this.unmount();
    this._destroyed = true;
    this._listeners = {};
    this._group._forget(this);
  };
`;
