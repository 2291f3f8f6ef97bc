import { cardElementSource } from "./runtime/card-element";
import { cardRulesSource } from "./runtime/card-rules-compiled";
import { challengeSource } from "./runtime/challenge";
import { elementsSource } from "./runtime/elements";
import { httpSource } from "./runtime/http";
import { stripeInstanceSource } from "./runtime/stripe-instance";

/** A JS string literal that stays inert even if the script is ever inlined in HTML. */
function jsString(value: string): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * The emulator's stand-in for https://js.stripe.com/v3: one self-contained ES2019 script (an
 * IIFE, no imports) defining `window.Stripe`. Its parts live in ./runtime as source strings
 * because they run in the browser, not in Node; they share one function scope, in this order.
 * The card rules are the API's own (core/card-rules.ts), compiled into `cardRules`.
 *
 * @param apiBaseUrl the emulator's REST origin the browser can reach, e.g. "http://localhost:12111"
 */
export function stripeJsSource(apiBaseUrl: string): string {
  const apiBase = apiBaseUrl.replace(/\/+$/, "");
  return `/* Stripe.js stand-in served by the Stripe emulator (test mode only). */
(function () {
  "use strict";
  if (typeof window === "undefined") return;
  var API_BASE = ${jsString(apiBase)};
${httpSource}
${cardRulesSource}
${cardElementSource}
${elementsSource}
${challengeSource}
${stripeInstanceSource}
  Stripe.version = 3;
  window.Stripe = Stripe;
})();
`;
}
