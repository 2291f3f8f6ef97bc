/**
 * The `card` Element. Real Stripe renders it in an iframe; the emulator renders plain labelled
 * inputs straight into the mount node, which is simpler and lets tests and assistive technology
 * reach them. Events and their payloads follow Stripe's. Its rules are the API's own.
 */
import {
  brandOf,
  type CardBrand,
  checkCvc,
  checkExpiry,
  checkNumber,
  checkPostalCode,
  cvcLengthOf,
  digitsOf,
  type ExpiryCheck,
  type FieldCheck,
  formatExpiry,
  formatNumber,
  maxNumberLength,
  type ValidationError,
} from "../../core/card-rules";
import type { StripeError } from "./http";

const CARD_STYLE_ID = "stripe-emulator-card-styles";
const CARD_CSS =
  ".__se-card{display:flex;flex-wrap:wrap;align-items:center;gap:4px 12px;width:100%;font:inherit;color:inherit;line-height:1.5}" +
  ".__se-input{display:block;box-sizing:border-box;-webkit-appearance:none;appearance:none;margin:0;padding:0;border:0;outline:0;" +
  "background:transparent;box-shadow:none;font:inherit;color:inherit;letter-spacing:inherit;line-height:inherit;min-width:0;font-variant-numeric:tabular-nums}" +
  ".__se-input[hidden]{display:none}" +
  ".__se-input::placeholder{color:var(--se-placeholder,#8792a2);opacity:1}" +
  ".__se-input[aria-invalid=true]{color:var(--se-invalid,#df1b41)}" +
  ".__se-input:disabled{cursor:not-allowed;opacity:.6}" +
  ".__se-number{flex:1 1 11em}.__se-expiry{flex:0 1 5.5em}.__se-cvc{flex:0 1 3.5em}.__se-postalCode{flex:0 1 5.5em}";

type FieldKey = "number" | "expiry" | "cvc" | "postalCode";
const CARD_FIELDS: FieldKey[] = ["number", "expiry", "cvc", "postalCode"];

interface ElementClasses {
  base: string;
  complete: string;
  empty: string;
  focus: string;
  invalid: string;
}

const DEFAULT_CLASSES: ElementClasses = {
  base: "StripeElement",
  complete: "StripeElement--complete",
  empty: "StripeElement--empty",
  focus: "StripeElement--focus",
  invalid: "StripeElement--invalid",
};

/** The part of Stripe's `style` option the emulated element honours. */
interface CardStyle {
  base?: {
    fontSize?: string;
    color?: string;
    fontFamily?: string;
    fontWeight?: string;
    lineHeight?: string;
    letterSpacing?: string;
    "::placeholder"?: { color?: string };
  };
  invalid?: { color?: string };
}

export interface CardElementOptions {
  style?: CardStyle;
  classes?: Partial<ElementClasses>;
  hidePostalCode?: boolean;
  disabled?: boolean;
  value?: { postalCode?: string | number | null };
}

/** What the element needs from the Elements group that created it. */
interface ElementOwner {
  _forget(element: CardElement): void;
}

type Handler = ((event?: unknown) => void) & { _original?: Handler };

interface FieldChecks {
  number: FieldCheck;
  expiry: ExpiryCheck;
  cvc: FieldCheck;
  postalCode: FieldCheck;
}

/** The whole element's state; `shown` holds the errors the customer should see right now. */
interface CardState {
  brand: CardBrand;
  values: Record<FieldKey, string>;
  checks: FieldChecks;
  fields: FieldKey[];
  empty: boolean;
  complete: boolean;
  shown: Partial<Record<FieldKey, true>>;
  error: ValidationError | undefined;
}

/** The card data for createPaymentMethod, or the first validation error Stripe would give. */
export type CollectedCard =
  | {
      card: { number: string; exp_month: string; exp_year: string; cvc: string };
      postalCode: string;
      error?: undefined;
    }
  | { error: StripeError };

function injectCardStyles(): void {
  if (document.getElementById(CARD_STYLE_ID)) return;
  const style = document.createElement("style");
  style.id = CARD_STYLE_ID;
  style.textContent = CARD_CSS;
  (document.head || document.documentElement).appendChild(style);
}

function mergeOptions(current: CardElementOptions, next: CardElementOptions): CardElementOptions {
  const merged = Object.assign({}, current, next);
  if (current.style && next?.style) merged.style = Object.assign({}, current.style, next.style);
  return merged;
}

// Put the caret back after the same number of digits it followed before reformatting.
function caretAfterDigits(text: string, digitCount: number): number {
  if (digitCount <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < text.length; i++) {
    if (/\d/.test(text.charAt(i))) seen++;
    if (seen === digitCount) return i + 1;
  }
  return text.length;
}

export class CardElement {
  _group: ElementOwner;
  _options: CardElementOptions;
  _listeners: Record<string, Handler[]> = {};
  _node: Element | null = null;
  _root: HTMLDivElement | null = null;
  _inputs: Record<FieldKey, HTMLInputElement> | null = null;
  _ready = false;
  _destroyed = false;
  _touched: Partial<Record<FieldKey, true>> = {};
  _focused: FieldKey | null = null;
  _lastErrorCode: string | null = null;

  constructor(group: ElementOwner, options?: CardElementOptions) {
    this._group = group;
    this._options = options || {};
  }

  on(type: string, handler: Handler): this {
    if (typeof handler !== "function") {
      throw new Error(`element.on('${type}', handler): handler must be a function.`);
    }
    const listeners = this._listeners[type] || [];
    this._listeners[type] = listeners;
    listeners.push(handler);
    // react-stripe-js subscribes to 'ready' in an effect that runs after mount(); a listener
    // that arrives after the element is ready still hears about it.
    if (type === "ready" && this._ready) {
      setTimeout(() => {
        if ((this._listeners.ready || []).indexOf(handler) >= 0) handler({ elementType: "card" });
      }, 0);
    }
    return this;
  }

  addEventListener(type: string, handler: Handler): this {
    return this.on(type, handler);
  }

  once(type: string, handler: Handler): this {
    const wrapper: Handler = (event) => {
      this.off(type, wrapper);
      handler(event);
    };
    wrapper._original = handler;
    return this.on(type, wrapper);
  }

  off(type: string, handler?: Handler): this {
    const list = this._listeners[type] || [];
    this._listeners[type] = handler
      ? list.filter((h) => h !== handler && h._original !== handler)
      : [];
    return this;
  }

  removeEventListener(type: string, handler?: Handler): this {
    return this.off(type, handler);
  }

  _emit(type: string, payload: unknown): void {
    for (const listener of (this._listeners[type] || []).slice()) {
      try {
        listener(payload);
      } catch (error) {
        // One failing handler must not silence the others; report it the way the browser would.
        setTimeout(() => {
          throw error;
        }, 0);
      }
    }
  }

  mount(target: string | Element): void {
    if (this._destroyed) {
      throw new Error("This Element has already been destroyed. Please create a new one.");
    }
    if (this._root) {
      throw new Error(
        "This Element is already mounted. Use unmount() to unmount the Element before re-mounting.",
      );
    }
    const node = typeof target === "string" ? document.querySelector(target) : target;
    if (node?.nodeType !== 1) {
      throw new Error(
        typeof target === "string"
          ? `The selector you specified (${target}) applies to no DOM elements that are currently on the page.`
          : "Invalid DOM element. Make sure to call mount() with a valid DOM element or selector.",
      );
    }
    injectCardStyles();
    this._node = node;
    const root = this._render();
    node.appendChild(root);
    this._applyOptions();
    this._refreshLook(this._evaluate());
    setTimeout(() => {
      if (!this._root) return;
      this._ready = true;
      this._emit("ready", { elementType: "card" });
    }, 0);
  }

  _render(): HTMLDivElement {
    const root = document.createElement("div");
    root.className = "__se-card";
    root.setAttribute("role", "group");
    root.setAttribute("aria-label", "Credit or debit card");
    root.setAttribute("data-stripe-emulator-card", "");
    const field = (
      key: FieldKey,
      name: string,
      label: string,
      placeholder: string,
      autocomplete: AutoFill,
      numeric: boolean,
    ): HTMLInputElement => {
      const input = document.createElement("input");
      input.type = "text";
      input.className = `__se-input __se-${key}`;
      input.name = name;
      input.setAttribute("aria-label", label);
      input.placeholder = placeholder;
      input.autocomplete = autocomplete;
      input.spellcheck = false;
      if (numeric) input.inputMode = "numeric";
      input.addEventListener("input", (event) => this._onInput(key, event));
      input.addEventListener("focus", (event) => this._onFocus(key, event));
      input.addEventListener("blur", (event) => this._onBlur(key, event));
      input.addEventListener("keydown", (event) => this._onKeydown(key, event));
      root.appendChild(input);
      return input;
    };
    const inputs = {
      number: field(
        "number",
        "cardnumber",
        "Card number",
        "1234 1234 1234 1234",
        "cc-number",
        true,
      ),
      expiry: field("expiry", "exp-date", "Expiration date MM / YY", "MM / YY", "cc-exp", true),
      cvc: field("cvc", "cvc", "CVC", "CVC", "cc-csc", true),
      postalCode: field("postalCode", "postal", "ZIP", "ZIP", "postal-code", false),
    };
    inputs.postalCode.maxLength = 10;
    this._inputs = inputs;
    this._root = root;
    return root;
  }

  _applyOptions(): void {
    if (!this._root || !this._inputs) return;
    const options = this._options;
    const style = options.style || {};
    const base = style.base || {};
    const css = this._root.style;
    css.fontSize = base.fontSize || "";
    css.color = base.color || "";
    css.fontFamily = base.fontFamily || "";
    css.fontWeight = base.fontWeight || "";
    css.lineHeight = base.lineHeight || "";
    css.letterSpacing = base.letterSpacing || "";
    css.setProperty("--se-placeholder", base["::placeholder"]?.color || "");
    css.setProperty("--se-invalid", style.invalid?.color || "");
    const inputs = this._inputs;
    inputs.postalCode.hidden = !!options.hidePostalCode;
    if (options.value && options.value.postalCode != null && !inputs.postalCode.value) {
      inputs.postalCode.value = String(options.value.postalCode);
    }
    for (const key of CARD_FIELDS) inputs[key].disabled = !!options.disabled;
  }

  _visibleFields(): FieldKey[] {
    return this._options.hidePostalCode ? CARD_FIELDS.slice(0, 3) : CARD_FIELDS.slice();
  }

  /** Only called while mounted, when the inputs exist. */
  _evaluate(): CardState {
    const inputs = this._inputs!;
    const number = digitsOf(inputs.number.value);
    const brand = brandOf(number);
    const values: Record<FieldKey, string> = {
      number,
      expiry: digitsOf(inputs.expiry.value),
      cvc: digitsOf(inputs.cvc.value),
      postalCode: inputs.postalCode.value.trim(),
    };
    const checks: FieldChecks = {
      number: checkNumber(number),
      expiry: checkExpiry(values.expiry, new Date()),
      cvc: checkCvc(values.cvc, brand),
      postalCode: checkPostalCode(values.postalCode),
    };
    const fields = this._visibleFields();
    let empty = true;
    let complete = true;
    const shown: Partial<Record<FieldKey, true>> = {};
    let firstError: ValidationError | undefined;
    for (const key of fields) {
      const check = checks[key];
      if (values[key]) empty = false;
      if (check.complete) continue;
      complete = false;
      // An empty field never nags; an incomplete one waits until the customer leaves it.
      const visible = values[key] && (check.hard || (this._touched[key] && this._focused !== key));
      if (visible) {
        shown[key] = true;
        if (!firstError) firstError = check.error;
      }
    }
    return { brand, values, checks, fields, empty, complete, shown, error: firstError };
  }

  _changeEvent(state: CardState) {
    return {
      elementType: "card",
      empty: state.empty,
      complete: state.complete,
      error: state.error,
      brand: state.brand,
      value: { postalCode: state.values.postalCode },
    };
  }

  _classes(): ElementClasses {
    return Object.assign({}, DEFAULT_CLASSES, this._options.classes || {});
  }

  _refreshLook(state: CardState): void {
    const inputs = this._inputs!;
    for (const key of CARD_FIELDS) {
      if (state.shown[key]) inputs[key].setAttribute("aria-invalid", "true");
      else inputs[key].removeAttribute("aria-invalid");
    }
    const classes = this._classes();
    const list = this._node!.classList;
    list.add(classes.base);
    list.toggle(classes.empty, state.empty);
    list.toggle(classes.complete, state.complete);
    list.toggle(classes.invalid, !!state.error);
    list.toggle(classes.focus, this._focused !== null);
  }

  // Emits 'change' always when a value changed, otherwise only when the shown error did.
  _update(valueChanged: boolean): CardState {
    const state = this._evaluate();
    this._refreshLook(state);
    const code = state.error ? state.error.code : null;
    if (valueChanged || code !== this._lastErrorCode) {
      this._lastErrorCode = code;
      this._emit("change", this._changeEvent(state));
    }
    return state;
  }

  _onInput(key: FieldKey, event: Event): void {
    const inputs = this._inputs!;
    const input = inputs[key];
    const before = input.value;
    const caret = input.selectionStart == null ? before.length : input.selectionStart;
    const atEnd = caret >= before.length;
    const inputType = (event as InputEvent).inputType;
    const deleting = typeof inputType === "string" && inputType.indexOf("delete") === 0;
    let formatted: string;
    if (key === "number") {
      const number = digitsOf(before);
      formatted = formatNumber(number.slice(0, maxNumberLength(brandOf(number))));
    } else if (key === "expiry") {
      formatted = formatExpiry(before, deleting);
    } else if (key === "cvc") {
      const brand = brandOf(digitsOf(inputs.number.value));
      formatted = digitsOf(before).slice(0, cvcLengthOf(brand));
    } else {
      formatted = before
        .toUpperCase()
        .replace(/[^A-Z0-9 -]/g, "")
        .slice(0, 10);
    }
    if (formatted !== before) {
      input.value = formatted;
      if (!atEnd && key !== "postalCode" && document.activeElement === input) {
        const position = caretAfterDigits(formatted, digitsOf(before.slice(0, caret)).length);
        input.setSelectionRange(position, position);
      }
    }
    const state = this._update(true);
    // Like Stripe, move on to the next field once this one is complete and valid.
    if (atEnd && !deleting && state.checks[key].complete) {
      const next = state.fields[state.fields.indexOf(key) + 1];
      if (next) inputs[next].focus();
    }
  }

  _onKeydown(key: FieldKey, event: KeyboardEvent): void {
    if (event.key === "Escape") {
      this._emit("escape", { elementType: "card" });
      return;
    }
    const inputs = this._inputs!;
    // Backspace in an empty field steps back into the previous one, as in Stripe's element.
    if (event.key === "Backspace" && inputs[key].value === "") {
      const fields = this._visibleFields();
      const previousKey = fields[fields.indexOf(key) - 1];
      const previous = previousKey ? inputs[previousKey] : undefined;
      if (previous) {
        event.preventDefault();
        previous.focus();
        const end = previous.value.length;
        previous.setSelectionRange(end, end);
      }
    }
  }

  _containsNode(node: EventTarget | null): boolean {
    return !!(node && this._root?.contains(node as Node));
  }

  _onFocus(key: FieldKey, event: FocusEvent): void {
    const wasFocused = this._focused !== null || this._containsNode(event.relatedTarget);
    this._focused = key;
    if (!wasFocused) this._emit("focus", { elementType: "card" });
    this._update(false);
  }

  _onBlur(key: FieldKey, event: FocusEvent): void {
    this._touched[key] = true;
    if (this._focused === key) this._focused = null;
    // Moving between the element's own inputs is not a blur of the element.
    if (!this._containsNode(event.relatedTarget)) this._emit("blur", { elementType: "card" });
    if (this._root) this._update(false);
  }

  _collect(): CollectedCard {
    if (!this._inputs || this._destroyed) {
      return {
        error: {
          type: "validation_error",
          code: "element_not_mounted",
          message:
            "We could not retrieve data from the specified Element. Please make sure the Element you are attempting to use is still mounted.",
        },
      };
    }
    const state = this._evaluate();
    for (const key of state.fields) {
      this._touched[key] = true;
      const check = state.checks[key];
      if (!check.complete) {
        this._inputs[key].setAttribute("aria-invalid", "true");
        return { error: check.error };
      }
    }
    const expiry = state.checks.expiry;
    return {
      card: {
        number: state.values.number,
        exp_month: String(expiry.month),
        exp_year: String(expiry.year),
        cvc: state.values.cvc,
      },
      postalCode: this._options.hidePostalCode ? "" : state.values.postalCode,
    };
  }

  update(options?: CardElementOptions): void {
    this._options = mergeOptions(this._options, options || {});
    if (this._root) {
      this._applyOptions();
      this._refreshLook(this._evaluate());
    }
  }

  focus(): void {
    if (this._inputs) this._inputs.number.focus();
  }

  blur(): void {
    const active = document.activeElement;
    if (this._containsNode(active)) (active as HTMLElement).blur();
  }

  clear(): void {
    if (!this._inputs) return;
    for (const key of CARD_FIELDS) this._inputs[key].value = "";
    this._touched = {};
    this._update(true);
  }

  unmount(): void {
    if (!this._root) return;
    if (this._root.parentNode) this._root.parentNode.removeChild(this._root);
    const classes = this._classes();
    this._node!.classList.remove(
      classes.base,
      classes.empty,
      classes.complete,
      classes.invalid,
      classes.focus,
    );
    this._root = null;
    this._inputs = null;
    this._node = null;
    this._ready = false;
    this._focused = null;
  }

  destroy(): void {
    this.unmount();
    this._destroyed = true;
    this._listeners = {};
    this._group._forget(this);
  }
}
