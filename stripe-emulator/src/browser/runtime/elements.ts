/**
 * Browser-side source (ES2019): the Elements group `stripe.elements()` returns. Only the card
 * Element is emulated; asking for any other type fails loudly rather than half-working.
 * Expects the card-element source in scope.
 */
// biome-ignore lint/complexity/noUselessStringRaw: browser source; raw keeps any regex escape literal
export const elementsSource = String.raw`
  function ElementsGroup(stripe, options) {
    this._stripe = stripe;
    this._options = options || {};
    this._elements = {};
  }

  ElementsGroup.prototype.create = function (type, options) {
    if (type !== "card") {
      throw new Error("The Stripe emulator only emulates the 'card' Element; elements.create('" + type + "') is not supported.");
    }
    var existing = this._elements.card;
    if (existing && !existing._destroyed) throw new Error("Can only create one Element of type card.");
    var element = new CardElement(this, options);
    this._elements.card = element;
    return element;
  };

  // react-stripe-js passes its component (which carries __elementType) as well as the name.
  ElementsGroup.prototype.getElement = function (type) {
    var name = typeof type === "string" ? type : type && type.__elementType;
    var element = name ? this._elements[name] : null;
    return element && !element._destroyed ? element : null;
  };

  ElementsGroup.prototype.update = function (options) {
    this._options = Object.assign({}, this._options, options || {});
  };

  ElementsGroup.prototype.fetchUpdates = function () {
    return Promise.resolve({});
  };

  ElementsGroup.prototype.submit = function () {
    return Promise.resolve({});
  };

  ElementsGroup.prototype._forget = function (element) {
    if (this._elements.card === element) delete this._elements.card;
  };
`;
