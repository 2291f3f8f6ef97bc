import { describe, expect, it } from "vitest";
import * as rules from "../src/core/card-rules";
import { assertAttachable, validateCard } from "../src/core/cards";
import { StripeApiError } from "../src/core/errors";

// One set of card rules, two uses: the API imports src/core/card-rules.ts, and so does the
// Stripe.js stand-in (src/browser/runtime/card-element.ts), bundled into the script it serves.
// The browser suites (tests/browser) check the card Element that runs them.

/** Stripe's test numbers by brand (docs.stripe.com/testing). */
const numbersByBrand: Array<[string, rules.CardBrand]> = [
  ["4242424242424242", "visa"],
  ["4000056655665556", "visa"],
  ["5555555555554444", "mastercard"],
  ["2223003122003222", "mastercard"],
  ["5200828282828210", "mastercard"],
  ["378282246310005", "amex"],
  ["371449635398431", "amex"],
  ["6011111111111117", "discover"],
  ["6011000990139424", "discover"],
  ["3056930009020004", "diners"],
  ["36227206271667", "diners"],
  ["3566002020360505", "jcb"],
  ["6200000000000005", "unionpay"],
];

/** Stripe's test cards (our Stripe API research, §7) and the behaviour the emulator gives them. */
const testCards: Array<[string, rules.ChargeOutcome]> = [
  ["4242424242424242", "succeeds"],
  ["4000000000000002", "declined"],
  ["4000000000009995", "declined"],
  ["4000000000009987", "declined"],
  ["4000000000009979", "declined"],
  ["4000000000000069", "declined"],
  ["4000000000000127", "declined"],
  ["4000000000000119", "declined"],
  ["4100000000000019", "declined"],
  ["4000002500003155", "requires_3ds"],
  ["4000002760003184", "requires_3ds_always"],
  ["4000000000000341", "fails_when_charged"],
  ["4000000000000259", "disputed"],
];

/** What each decline card answers: [number, code, decline_code, message]. */
const declines: Array<[string, string, string, string]> = [
  ["4000000000000002", "card_declined", "generic_decline", "Your card was declined."],
  ["4000000000009995", "card_declined", "insufficient_funds", "Your card has insufficient funds."],
  ["4000000000009987", "card_declined", "lost_card", "Your card was declined."],
  ["4000000000009979", "card_declined", "stolen_card", "Your card was declined."],
  ["4100000000000019", "card_declined", "fraudulent", "Your card was declined."],
  ["4000000000000069", "expired_card", "expired_card", "Your card has expired."],
  ["4000000000000127", "incorrect_cvc", "incorrect_cvc", "Your card's security code is incorrect."],
  [
    "4000000000000119",
    "processing_error",
    "processing_error",
    "An error occurred while processing your card. Try again in a little bit.",
  ],
];

describe("the card rules", () => {
  it.each(numbersByBrand)("%s is a complete %s number", (number, brand) => {
    expect(rules.brandOf(number)).toBe(brand);
    expect(rules.isLuhnValid(number)).toBe(true);
    expect(rules.checkNumber(number)).toEqual({ complete: true });
    expect(rules.isCardNumberValid(number)).toBe(true);
  });

  it.each(testCards)("test card %s is a valid Visa number that %s", (number, outcome) => {
    expect(rules.brandOf(number)).toBe("visa");
    expect(rules.isCardNumberValid(number)).toBe(true);
    expect(rules.outcomeOf(number)).toBe(outcome);
  });

  it.each(declines)("%s is declined with %s (%s)", (number, code, declineCode, message) => {
    expect(rules.declineOf(number)).toMatchObject({ code, declineCode, message });
  });

  it("declines none of the cards that attach", () => {
    for (const number of ["4242424242424242", "4000002500003155", "4000000000000341"])
      expect(rules.declineOf(number)).toBeUndefined();
  });

  it("rejects a wrong check digit as invalid, and a short number as incomplete", () => {
    expect(rules.isLuhnValid("4242424242424241")).toBe(false);
    expect(rules.checkNumber("4242424242424241")).toMatchObject({
      complete: false,
      hard: true,
      error: { type: "validation_error", code: "invalid_number" },
    });
    expect(rules.checkNumber("424242424242")).toMatchObject({
      complete: false,
      hard: false,
      error: { code: "incomplete_number", message: "Your card number is incomplete." },
    });
    // A Luhn-valid number of the wrong length is still no card (the old API took 12 to 19 digits).
    expect(rules.isLuhnValid("424242424242")).toBe(true);
    expect(rules.isCardNumberValid("424242424242")).toBe(false);
    expect(rules.isCardNumberValid("42424242424242424")).toBe(false);
    expect(rules.isCardNumberValid("4242 4242 4242 4242")).toBe(false);
  });

  it("sizes the number and the CVC by brand", () => {
    expect(rules.maxNumberLength("amex")).toBe(15);
    expect(rules.maxNumberLength("visa")).toBe(16);
    expect(rules.maxNumberLength("diners")).toBe(16);
    expect(rules.cvcLengthOf("amex")).toBe(4);
    expect(rules.cvcLengthOf("visa")).toBe(3);
    expect(rules.checkCvc("123", "amex")).toMatchObject({ complete: false });
    expect(rules.checkCvc("123", "discover")).toEqual({ complete: true });
    expect(rules.formatNumber("378282246310005")).toBe("3782 822463 10005");
    expect(rules.formatNumber("4242424242424242")).toBe("4242 4242 4242 4242");
  });

  it("checks the expiry against the customer's clock", () => {
    const now = new Date(2026, 10, 25);
    expect(rules.checkExpiry("1126", now)).toEqual({ complete: true, month: 11, year: 2026 });
    expect(rules.checkExpiry("1026", now)).toMatchObject({
      error: { code: "invalid_expiry_month_past" },
    });
    expect(rules.checkExpiry("1325", now)).toMatchObject({
      error: { code: "invalid_expiry_month" },
    });
    expect(rules.formatExpiry("4", false)).toBe("04 / ");
  });
});

describe("the API's card validation", () => {
  const nowSeconds = Date.UTC(2026, 10, 25) / 1000;

  it.each([...numbersByBrand, ...testCards].map(([number]) => number))("accepts %s", (number) => {
    expect(() => validateCard(number, 12, 2030, nowSeconds)).not.toThrow();
  });

  it.each(["4242424242424241", "424242424242", "42424242424242424242"])(
    "refuses %s as Stripe does, with card_error incorrect_number on card[number]",
    (number) => {
      let error: unknown;
      try {
        validateCard(number, 12, 2030, nowSeconds);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(StripeApiError);
      expect((error as StripeApiError).body).toMatchObject({
        type: "card_error",
        code: "incorrect_number",
        param: "card[number]",
      });
    },
  );
});

describe("the API's decline cards", () => {
  it.each(declines)("%s is refused at attach with %s", (number, code, declineCode, message) => {
    let error: unknown;
    try {
      assertAttachable(number);
    } catch (caught) {
      error = caught;
    }
    expect((error as StripeApiError).status).toBe(402);
    expect((error as StripeApiError).body).toMatchObject({
      type: "card_error",
      code,
      decline_code: declineCode,
      message,
    });
  });
});
