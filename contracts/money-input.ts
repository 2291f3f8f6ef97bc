/**
 * The one reader of money typed by a person (offering create and edit, refund amount). Browsers
 * in many locales type a decimal comma, and a number input silently drops what it can't read
 * ("12,50" arrived as 1250), so every amount is typed as text and read here: a separator is
 * read as what it is, or the input is refused with a reason. Never guessed, never dropped.
 */
export type MoneyInputProblem = "empty" | "not_a_number" | "negative" | "too_many_decimals";

export type MoneyInputResult =
  | { ok: true; cents: number }
  | { ok: false; problem: MoneyInputProblem };

/** More digits than this before the cents can't be a price; the callers' maximums say so. */
const MAX_WHOLE_DIGITS = 12;

const fail = (problem: MoneyInputProblem): MoneyInputResult => ({ ok: false, problem });

/** Whole dollars written with a thousands separator: "1,250" or "1,250,000", groups of three. */
function readGrouped(whole: string, separator: string): string | null {
  const groups = whole.split(separator);
  const [first, ...rest] = groups;
  if (!first || !/^\d{1,3}$/.test(first) || !rest.every((group) => /^\d{3}$/.test(group))) {
    return null;
  }
  return groups.join("");
}

/**
 * Splits what is left after "$" and spaces into whole dollars and cents digits. The last of "."
 * and "," is the decimal separator when both appear; a lone "," or "." followed by one or two
 * digits is one too; a "," followed by exactly three digits groups thousands (US); anything
 * else that can't be read one way only is refused.
 */
function splitDollars(text: string): { whole: string; cents: string } | MoneyInputProblem {
  const lastDot = text.lastIndexOf(".");
  const lastComma = text.lastIndexOf(",");
  if (lastDot === -1 && lastComma === -1) return { whole: text, cents: "" };
  let decimalAt: number;
  let groupSeparator: string | null;
  if (lastDot !== -1 && lastComma !== -1) {
    decimalAt = Math.max(lastDot, lastComma);
    groupSeparator = lastDot > lastComma ? "," : ".";
  } else {
    const separator = lastDot !== -1 ? "." : ",";
    const count = text.split(separator).length - 1;
    const after = text.slice(text.lastIndexOf(separator) + 1);
    if (count > 1) {
      // "1,250,000" groups thousands; "1.250.000" is read the same way only with commas.
      if (separator !== ",") return "not_a_number";
      const whole = readGrouped(text, ",");
      return whole === null ? "not_a_number" : { whole, cents: "" };
    }
    if (separator === "," && after.length === 3) {
      const whole = readGrouped(text, ",");
      return whole === null ? "not_a_number" : { whole, cents: "" };
    }
    decimalAt = text.lastIndexOf(separator);
    groupSeparator = null;
  }
  const wholePart = text.slice(0, decimalAt);
  const cents = text.slice(decimalAt + 1);
  if (/[.,]/.test(cents)) return "not_a_number";
  if (cents.length > 2) return "too_many_decimals";
  let whole = wholePart;
  if (groupSeparator !== null && wholePart.includes(groupSeparator)) {
    const grouped = readGrouped(wholePart, groupSeparator);
    if (grouped === null) return "not_a_number";
    whole = grouped;
  }
  if (/[.,]/.test(whole)) return "not_a_number";
  return { whole, cents };
}

/** Reads typed dollars ("12.50", "12,5", "$1,250", " 40 ") into whole cents, or says why not. */
export function parseMoneyInput(input: string): MoneyInputResult {
  // NFKC turns full-width digits and signs into ASCII; every kind of space is dropped.
  let text = input.normalize("NFKC").replace(/[\s\u00a0\u2007\u202f]/g, "");
  if (text === "") return fail("empty");
  const isNegative = /^[-\u2212]|^\$[-\u2212]/.test(text);
  if (isNegative) return fail("negative");
  if (text.startsWith("$")) text = text.slice(1);
  else if (text.endsWith("$")) text = text.slice(0, -1);
  if (!/^[\d.,]+$/.test(text) || !/\d/.test(text)) return fail("not_a_number");
  const split = splitDollars(text);
  if (typeof split === "string") return fail(split);
  const whole = split.whole.replace(/^0+(?=\d)/, "");
  if (whole.length > MAX_WHOLE_DIGITS) return { ok: true, cents: Number.MAX_SAFE_INTEGER };
  const cents = Number(whole || "0") * 100 + Number(split.cents.padEnd(2, "0"));
  return { ok: true, cents };
}

/** The field's message for each problem; `empty` is the caller's, since it means different things. */
export const moneyInputMessages: Record<Exclude<MoneyInputProblem, "empty">, string> = {
  not_a_number: "Enter a number of dollars, like 12.50.",
  negative: "The amount can't be negative.",
  too_many_decimals: "Use at most 2 decimals (whole cents).",
};

/** Cents as the text a money field starts with: "25.00". */
export function centsToDollarsInput(cents: number): string {
  return (cents / 100).toFixed(2);
}
