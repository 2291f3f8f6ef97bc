/**
 * Browser-side source (ES2019): card number, expiry and CVC rules, with Stripe Elements'
 * error codes and messages, so the app shows the same words in both modes.
 */
export const cardRulesSource = String.raw`
  var MESSAGES = {
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

  function validationError(code) {
    return { type: "validation_error", code: code, message: MESSAGES[code] };
  }

  function digitsOf(value) {
    return String(value || "").replace(/\D/g, "");
  }

  function cardBrand(number) {
    if (/^4/.test(number)) return "visa";
    if (/^(5[1-5]|2[2-7])/.test(number)) return "mastercard";
    if (/^3[47]/.test(number)) return "amex";
    if (/^(6011|65|64[4-9])/.test(number)) return "discover";
    if (/^(36|38|30[0-5])/.test(number)) return "diners";
    if (/^35/.test(number)) return "jcb";
    if (/^62/.test(number)) return "unionpay";
    return "unknown";
  }

  function numberLength(brand) {
    if (brand === "amex") return 15;
    if (brand === "diners") return 14;
    return 16;
  }

  function luhnValid(number) {
    var sum = 0;
    for (var i = 0; i < number.length; i++) {
      var digit = Number(number.charAt(number.length - 1 - i));
      if (i % 2 === 1) {
        digit *= 2;
        if (digit > 9) digit -= 9;
      }
      sum += digit;
    }
    return number.length > 0 && sum % 10 === 0;
  }

  // Groups of four; American Express is 4-6-5 as printed on the card.
  function formatNumber(number) {
    if (cardBrand(number) === "amex") {
      return [number.slice(0, 4), number.slice(4, 10), number.slice(10, 15)].filter(Boolean).join(" ");
    }
    return (number.match(/.{1,4}/g) || []).join(" ");
  }

  // "MM / YY". A leading 2-9 can only be a month, so it becomes 0N as Stripe does.
  function formatExpiry(raw, deleting) {
    var text = String(raw || "");
    var slash = text.indexOf("/");
    var digits;
    if (slash >= 0) {
      var month = digitsOf(text.slice(0, slash));
      var year = digitsOf(text.slice(slash + 1));
      if (month.length === 1) month = "0" + month;
      if (year.length === 4) year = year.slice(2);
      digits = (month + year).slice(0, 4);
    } else {
      digits = digitsOf(text).slice(0, 4);
      if (/^[2-9]/.test(digits)) digits = "0" + digits.slice(0, 3);
    }
    if (digits.length > 2) return digits.slice(0, 2) + " / " + digits.slice(2);
    if (digits.length === 2 && !deleting) return digits + " / ";
    return digits;
  }

  // Each field's own verdict: { complete, error, hard }. A hard error (an impossible value)
  // shows while typing; an incomplete one only after the customer leaves the field.
  function checkNumber(number) {
    var length = numberLength(cardBrand(number));
    if (number.length < length) return { complete: false, error: validationError("incomplete_number"), hard: false };
    if (!luhnValid(number)) return { complete: false, error: validationError("invalid_number"), hard: true };
    return { complete: true };
  }

  function checkExpiry(expiry, now) {
    var digits = digitsOf(expiry);
    var month = Number(digits.slice(0, 2));
    if (digits.length >= 2 && (month < 1 || month > 12)) {
      return { complete: false, error: validationError("invalid_expiry_month"), hard: true };
    }
    if (digits.length < 4) return { complete: false, error: validationError("incomplete_expiry"), hard: false };
    var year = 2000 + Number(digits.slice(2, 4));
    var thisYear = now.getFullYear();
    if (year < thisYear) return { complete: false, error: validationError("invalid_expiry_year_past"), hard: true };
    if (year === thisYear && month < now.getMonth() + 1) {
      return { complete: false, error: validationError("invalid_expiry_month_past"), hard: true };
    }
    if (year > thisYear + 50) return { complete: false, error: validationError("invalid_expiry_year"), hard: true };
    return { complete: true, month: month, year: year };
  }

  function checkCvc(cvc, brand) {
    var length = brand === "amex" ? 4 : 3;
    if (cvc.length < length) return { complete: false, error: validationError("incomplete_cvc"), hard: false };
    return { complete: true };
  }

  function checkPostalCode(postalCode) {
    var value = String(postalCode || "").trim();
    var enough = /^\d+$/.test(value) ? value.length >= 5 : value.length >= 3;
    if (!enough) return { complete: false, error: validationError("incomplete_zip"), hard: false };
    return { complete: true };
  }
`;
