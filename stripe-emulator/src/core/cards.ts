import { type CardDecline, declineOf, isCardNumberValid } from "./card-rules";
import { StripeApiError } from "./errors";

// The API's payment-method code takes the brand from here, beside the checks it runs.
export { brandOf } from "./card-rules";

export function cardError(code: string, message: string, declineCode?: string, param?: string) {
  return new StripeApiError(402, {
    type: "card_error",
    code,
    message,
    ...(declineCode ? { decline_code: declineCode } : {}),
    ...(param ? { param } : {}),
    doc_url: `https://stripe.com/docs/error-codes/${code.replaceAll("_", "-")}`,
  });
}

export const declinedError = () =>
  cardError("card_declined", "Your card was declined.", "generic_decline");

/** The error a decline test card (core/card-rules.ts) answers with, at attach and at charge. */
export const cardDeclineError = (decline: CardDecline) =>
  cardError(decline.code, decline.message, decline.declineCode, decline.param);

/** Validates the number and expiry the way Stripe does at payment method creation. */
export function validateCard(
  number: string,
  expMonth: number,
  expYear: number,
  nowSeconds: number,
) {
  if (!isCardNumberValid(number)) {
    throw cardError(
      "incorrect_number",
      "Your card number is incorrect.",
      undefined,
      "card[number]",
    );
  }
  if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12) {
    throw cardError(
      "invalid_expiry_month",
      "Your card's expiration month is invalid.",
      undefined,
      "card[exp_month]",
    );
  }
  const now = new Date(nowSeconds * 1000);
  const year = expYear < 100 ? 2000 + expYear : expYear;
  if (
    year < now.getUTCFullYear() ||
    (year === now.getUTCFullYear() && expMonth < now.getUTCMonth() + 1)
  ) {
    throw cardError(
      "invalid_expiry_year",
      "Your card's expiration year is invalid.",
      undefined,
      "card[exp_year]",
    );
  }
}

/** Stripe's decline test numbers are refused already when attached to a customer. */
export function assertAttachable(number: string) {
  const decline = declineOf(number);
  if (decline) throw cardDeclineError(decline);
}

/**
 * Stripe's test PaymentMethod ids (`pm_card_visa`) and tokens (`tok_visa`) and the card each
 * stands for, so server-side code and real-mode contract tests can use them here too.
 */
const testAliases: Record<string, string> = {
  visa: "4242424242424242",
  mastercard: "5555555555554444",
  chargeDeclined: "4000000000000002",
  visa_chargeDeclined: "4000000000000002",
  chargeDeclinedInsufficientFunds: "4000000000009995",
  visa_chargeDeclinedInsufficientFunds: "4000000000009995",
  chargeCustomerFail: "4000000000000341",
  createDispute: "4000000000000259",
  authenticationRequiredOnSetup: "4000002500003155",
  authenticationRequired: "4000002760003184",
};

/** The card number behind `pm_card_…` or `tok_…`, or undefined for anything else. */
export function testCardNumber(alias: string): string | undefined {
  const match = /^(?:pm_card_|tok_)(\w+)$/.exec(alias);
  return match ? testAliases[match[1]!] : undefined;
}
