// Card numbers, expiry dates and CVCs as Stripe judges them, and Stripe's published test cards.
// The one copy of these rules: the API (core/cards.ts) imports this module, and so does the
// Stripe.js stand-in (browser/runtime/card-element.ts), bundled to ES2019 for the browser. So it
// imports nothing and uses nothing but the language (browser/runtime/tsconfig.json checks it
// against ES2019 and the DOM, with no Node).

export type CardBrand =
  | "visa"
  | "mastercard"
  | "amex"
  | "discover"
  | "diners"
  | "jcb"
  | "unionpay"
  | "unknown";

/** Stripe Elements' validation error codes and their words, so both modes show the same text. */
const MESSAGES = {
  incomplete_number: "Your card number is incomplete.",
  invalid_number: "Your card number is invalid.",
  incomplete_expiry: "Your card's expiration date is incomplete.",
  invalid_expiry_month: "Your card's expiration month is invalid.",
  invalid_expiry_month_past: "Your card's expiration date is in the past.",
  invalid_expiry_year: "Your card's expiration year is invalid.",
  invalid_expiry_year_past: "Your card's expiration year is in the past.",
  incomplete_cvc: "Your card's security code is incomplete.",
  incomplete_zip: "Your postal code is incomplete.",
};

type ValidationCode = keyof typeof MESSAGES;

export interface ValidationError {
  type: "validation_error";
  code: ValidationCode;
  message: string;
}

/**
 * One field's verdict. A hard error (an impossible value) shows while the customer types; an
 * incomplete one only once they leave the field.
 */
export type FieldCheck =
  | { complete: true }
  | { complete: false; error: ValidationError; hard: boolean };

export type ExpiryCheck = FieldCheck & { month?: number; year?: number };

function validationError(code: ValidationCode): ValidationError {
  return { type: "validation_error", code, message: MESSAGES[code] };
}

export function digitsOf(value: unknown): string {
  return String(value || "").replace(/\D/g, "");
}

/** The brand Stripe reports (`card.brand`, the change event's `brand`) from the leading digits. */
export function brandOf(number: string): CardBrand {
  if (/^4/.test(number)) return "visa";
  if (/^(5[1-5]|2(2[2-9]|[3-6]|7[01]|720))/.test(number)) return "mastercard";
  if (/^3[47]/.test(number)) return "amex";
  if (/^(6011|65|64[4-9])/.test(number)) return "discover";
  if (/^(36|38|39|30[0-59])/.test(number)) return "diners";
  if (/^35/.test(number)) return "jcb";
  if (/^62/.test(number)) return "unionpay";
  return "unknown";
}

/** The lengths a brand's numbers have, shortest first (Diners has 14- and 16-digit cards). */
function numberLengthsOf(brand: CardBrand): number[] {
  if (brand === "amex") return [15];
  if (brand === "diners") return [14, 16];
  if (brand === "unionpay") return [16, 17, 18, 19];
  return [16];
}

/** How many digits the number field takes before it stops accepting more. */
export function maxNumberLength(brand: CardBrand): number {
  const lengths = numberLengthsOf(brand);
  return lengths[lengths.length - 1] as number;
}

export function cvcLengthOf(brand: CardBrand): number {
  return brand === "amex" ? 4 : 3;
}

/** The Luhn checksum every card number carries in its last digit. */
export function isLuhnValid(number: string): boolean {
  if (!/^\d+$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number.charAt(number.length - 1 - i));
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function checkNumber(number: string): FieldCheck {
  const lengths = numberLengthsOf(brandOf(number));
  if (!/^\d*$/.test(number) || number.length > maxNumberLength(brandOf(number)))
    return { complete: false, error: validationError("invalid_number"), hard: true };
  if (lengths.indexOf(number.length) === -1)
    return { complete: false, error: validationError("incomplete_number"), hard: false };
  if (!isLuhnValid(number))
    return { complete: false, error: validationError("invalid_number"), hard: true };
  return { complete: true };
}

/** Whether Stripe takes this as a card number at all (the API's `incorrect_number` otherwise). */
export function isCardNumberValid(number: string): boolean {
  return checkNumber(number).complete;
}

/** Groups of four; American Express is 4-6-5 as printed on the card. */
export function formatNumber(number: string): string {
  if (brandOf(number) === "amex") {
    return [number.slice(0, 4), number.slice(4, 10), number.slice(10, 15)]
      .filter(Boolean)
      .join(" ");
  }
  return (number.match(/.{1,4}/g) || []).join(" ");
}

/** "MM / YY". A leading 2-9 can only be a month, so it becomes 0N as Stripe does. */
export function formatExpiry(raw: unknown, isDeleting: boolean): string {
  const text = String(raw || "");
  const slash = text.indexOf("/");
  let digits: string;
  if (slash >= 0) {
    let month = digitsOf(text.slice(0, slash));
    let year = digitsOf(text.slice(slash + 1));
    if (month.length === 1) month = `0${month}`;
    if (year.length === 4) year = year.slice(2);
    digits = (month + year).slice(0, 4);
  } else {
    digits = digitsOf(text).slice(0, 4);
    if (/^[2-9]/.test(digits)) digits = `0${digits.slice(0, 3)}`;
  }
  if (digits.length > 2) return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
  if (digits.length === 2 && !isDeleting) return `${digits} / `;
  return digits;
}

/** `expiry` is "MMYY" digits; `now` is the customer's clock. */
export function checkExpiry(expiry: string, now: Date): ExpiryCheck {
  const digits = digitsOf(expiry);
  const month = Number(digits.slice(0, 2));
  if (digits.length >= 2 && (month < 1 || month > 12))
    return { complete: false, error: validationError("invalid_expiry_month"), hard: true };
  if (digits.length < 4)
    return { complete: false, error: validationError("incomplete_expiry"), hard: false };
  const year = 2000 + Number(digits.slice(2, 4));
  const thisYear = now.getFullYear();
  if (year < thisYear)
    return { complete: false, error: validationError("invalid_expiry_year_past"), hard: true };
  if (year === thisYear && month < now.getMonth() + 1)
    return { complete: false, error: validationError("invalid_expiry_month_past"), hard: true };
  if (year > thisYear + 50)
    return { complete: false, error: validationError("invalid_expiry_year"), hard: true };
  return { complete: true, month, year };
}

export function checkCvc(cvc: string, brand: CardBrand): FieldCheck {
  if (cvc.length < cvcLengthOf(brand))
    return { complete: false, error: validationError("incomplete_cvc"), hard: false };
  return { complete: true };
}

export function checkPostalCode(postalCode: unknown): FieldCheck {
  const value = String(postalCode || "").trim();
  const isLongEnough = /^\d+$/.test(value) ? value.length >= 5 : value.length >= 3;
  if (!isLongEnough)
    return { complete: false, error: validationError("incomplete_zip"), hard: false };
  return { complete: true };
}

export type ChargeOutcome =
  | "succeeds"
  | "requires_3ds"
  /** 3-D Secure on every payment: on-session a challenge, off-session `authentication_required`. */
  | "requires_3ds_always"
  /** Refused when attached to a customer and when charged, with the error `declineOf` gives. */
  | "declined"
  /** Attaches, then every charge is declined (renewals fail: `invoice.payment_failed`). */
  | "fails_when_charged"
  /** Succeeds, then the customer's bank disputes it at once. */
  | "disputed";

/** The card_error a declined test card answers with (`code`, `decline_code`, Stripe's words). */
export interface CardDecline {
  code: string;
  declineCode: string;
  message: string;
  param?: string;
}

const declined = (declineCode: string, message = "Your card was declined."): CardDecline => ({
  code: "card_declined",
  declineCode,
  message,
});

/** Stripe's decline test cards (docs.stripe.com/testing#declined-payments). */
const TEST_CARD_DECLINES: Readonly<Record<string, CardDecline>> = {
  "4000000000000002": declined("generic_decline"),
  "4000000000009995": declined("insufficient_funds", "Your card has insufficient funds."),
  "4000000000009987": declined("lost_card"),
  "4000000000009979": declined("stolen_card"),
  "4100000000000019": declined("fraudulent"),
  "4000000000000069": {
    code: "expired_card",
    declineCode: "expired_card",
    message: "Your card has expired.",
    param: "exp_month",
  },
  "4000000000000127": {
    code: "incorrect_cvc",
    declineCode: "incorrect_cvc",
    message: "Your card's security code is incorrect.",
    param: "cvc",
  },
  "4000000000000119": {
    code: "processing_error",
    declineCode: "processing_error",
    message: "An error occurred while processing your card. Try again in a little bit.",
  },
};

/** Stripe's other test cards the emulator gives a behaviour; any other valid card succeeds. */
const TEST_CARD_OUTCOMES: Readonly<Record<string, ChargeOutcome>> = {
  "4000002500003155": "requires_3ds",
  "4000002760003184": "requires_3ds_always",
  "4000000000000341": "fails_when_charged",
  "4000000000000259": "disputed",
};

export function declineOf(number: string): CardDecline | undefined {
  return TEST_CARD_DECLINES[number];
}

export function outcomeOf(number: string): ChargeOutcome {
  if (declineOf(number)) return "declined";
  return TEST_CARD_OUTCOMES[number] || "succeeds";
}
