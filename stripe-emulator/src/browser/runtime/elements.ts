/**
 * The Elements group `stripe.elements()` returns. Only the card Element is emulated; asking for
 * any other type fails loudly rather than half-working.
 */
import { CardElement, type CardElementOptions } from "./card-element";
import type { ApiCaller } from "./http";

export interface ElementsOptions {
  clientSecret?: string;
  [option: string]: unknown;
}

export class ElementsGroup {
  _stripe: ApiCaller;
  _options: ElementsOptions;
  _elements: { [type: string]: CardElement | undefined } = {};

  constructor(stripe: ApiCaller, options?: ElementsOptions) {
    this._stripe = stripe;
    this._options = options || {};
  }

  create(type: string, options?: CardElementOptions): CardElement {
    if (type !== "card") {
      throw new Error(
        `The Stripe emulator only emulates the 'card' Element; elements.create('${type}') is not supported.`,
      );
    }
    const existing = this._elements.card;
    if (existing && !existing._destroyed) {
      throw new Error("Can only create one Element of type card.");
    }
    const element = new CardElement(this, options);
    this._elements.card = element;
    return element;
  }

  // react-stripe-js passes its component (which carries __elementType) as well as the name.
  getElement(type: string | { __elementType?: string } | null | undefined): CardElement | null {
    const name = typeof type === "string" ? type : type?.__elementType;
    const element = name ? this._elements[name] : null;
    return element && !element._destroyed ? element : null;
  }

  update(options?: ElementsOptions): void {
    this._options = Object.assign({}, this._options, options || {});
  }

  fetchUpdates(): Promise<object> {
    return Promise.resolve({});
  }

  submit(): Promise<object> {
    return Promise.resolve({});
  }

  _forget(element: CardElement): void {
    if (this._elements.card === element) delete this._elements.card;
  }
}
