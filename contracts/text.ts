import { z } from "zod";

/**
 * The one rule for text anyone types into Regulars (ADR 011). A value is refused when it
 * can't be stored or shown safely, then normalised, then measured:
 *
 * 1. it must be well-formed UTF-16, so it can be encoded as UTF-8 (a lone surrogate can't);
 * 2. it must not contain control characters: C0 (U+0000–U+001F, NUL included, which
 *    PostgreSQL can't store in text), DEL, C1 (U+0080–U+009F) and the line and paragraph
 *    separators. A multi-line field allows newline and tab; CR and CRLF become a newline;
 * 3. it must not contain bidirectional embedding, override or isolate characters
 *    (U+202A–U+202E, U+2066–U+2069), in any field, descriptions included: they reorder
 *    what follows them (in our pages, e-mails and Stripe's receipts) and are a classic way to
 *    disguise text. Right-to-left scripts need none of them;
 * 4. it is normalised to NFC and trimmed, and only then are its length limits checked.
 *
 * Messages name the field ("Title can't contain control characters."). Every check runs
 * before a service is called, so refused text never reaches Stripe or the database.
 */

const LONE_SURROGATE = /\p{Cs}/u;
/** Cc is exactly C0, DEL and C1; the separators are the other characters that break a line. */
const SINGLE_LINE_CONTROL = /[\p{Cc}\u2028\u2029]/u;
/** Cc except tab and newline (CR is turned into a newline first). */
const MULTI_LINE_CONTROL = /[^\P{Cc}\t\n]|[\u2028\u2029]/u;
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;

export interface TextRule {
  /** The field's name as a person sees it: "Title", "Full Name". */
  label: string;
  /** At least this many characters after trimming; 1 (the default) means required. */
  min?: number;
  max: number;
}

/** True when the string can be encoded as UTF-8: no unpaired surrogate halves. */
export function isWellFormedText(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}

/**
 * True when `value` passes this rule's character checks (well-formed, no control or direction
 * characters; newline and tab only when multi-line), for fields that can't use the schema
 * because they keep the value exactly as typed, such as a password.
 */
export function isPlainText(value: string, options: { isMultiLine?: boolean } = {}): boolean {
  const control = options.isMultiLine ? MULTI_LINE_CONTROL : SINGLE_LINE_CONTROL;
  return isWellFormedText(value) && !control.test(value) && !BIDI_CONTROL.test(value);
}

function textSchema({ label, min = 1, max }: TextRule, isMultiLine: boolean) {
  const control = isMultiLine ? MULTI_LINE_CONTROL : SINGLE_LINE_CONTROL;
  return z
    .string({ error: `${label} is required` })
    .refine(isWellFormedText, {
      message: `${label} contains characters that aren't valid text.`,
      abort: true,
    })
    .overwrite((value) => (isMultiLine ? value.replace(/\r\n?/g, "\n") : value))
    .refine((value) => !control.test(value), {
      message: `${label} can't contain control characters.`,
      abort: true,
    })
    .refine((value) => !BIDI_CONTROL.test(value), {
      message: `${label} can't contain text-direction control characters.`,
      abort: true,
    })
    .overwrite((value) => value.normalize("NFC"))
    .trim()
    .min(min, min <= 1 ? `${label} is required` : `${label} must be at least ${min} characters`)
    .max(max, `${label} must be at most ${max} characters`);
}

/** A name, a title: one line of text. */
export function singleLineText(rule: TextRule) {
  return textSchema(rule, false);
}

/** A description: newlines and tabs allowed, every other rule the same. */
export function multiLineText(rule: TextRule) {
  return textSchema(rule, true);
}

/**
 * For text we did not take through a form (Stripe's customer name, metadata written before
 * these rules): never refuse it, make it storable instead. Unpaired surrogates become U+FFFD,
 * control and direction characters become spaces, then NFC, trimmed and cut to `max`.
 */
export function sanitizeExternalText(value: string, max: number): string {
  const clean = value
    .replace(/\p{Cs}/gu, "\uFFFD")
    .replace(/[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/gu, " ")
    .normalize("NFC")
    .trim();
  // Cut by code point, so a surrogate pair is never split in half.
  return Array.from(clean).slice(0, max).join("").trim();
}
