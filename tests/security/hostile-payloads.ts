/**
 * Malformed variants of a valid JSON body: wrong types, missing and extra fields, hostile
 * text (control characters, invalid UTF-8 as raw bytes, lone surrogates, direction overrides,
 * 100 KB strings), hostile numbers (numeric strings, NaN, ±Infinity, 1e308, -0),
 * `__proto__` and `constructor` keys, deep nesting, wrong content types and 2 MB bodies.
 * Every one of them must be refused with a 4xx JSON error.
 */
export interface Payload {
  label: string;
  /** Raw bytes when the body is not valid UTF-8. */
  body: string | Uint8Array;
  /** The Content-Type header; application/json when absent, no header at all when null. */
  contentType?: string | null;
}

export interface FieldHints {
  numberFields?: string[];
  emailFields?: string[];
  enumFields?: string[];
  optionalFields?: string[];
  /** Object fields (an address) whose own text fields get the same hostile strings. */
  nestedFields?: string[];
}

const oddValues: Array<[string, unknown]> = [
  ["null", null],
  ["true", true],
  ["a number", 12345],
  ["an array", ["x"]],
  ["an object", { $ne: 1 }],
  ["SQL in a non-text type", { "'; drop table offerings; --": 1 }],
  ["an object with __proto__", JSON.parse('{"__proto__": {"isAdmin": true}}')],
];

/** Text no field may accept. */
export const hostileStrings: Array<[string, string]> = [
  // Long enough for any length rule (passwords too), so only the character is at fault.
  ["NUL", "abcd\u0000efgh"],
  ["only NUL", "\u0000"],
  ["trailing NUL", "Pat Smith\u0000"],
  ["an escape sequence", "abcd\u001b[31mred"],
  ["a backspace", "abcd\u0008efgh"],
  ["DEL", "abcdefgh\u007f"],
  ["a C1 control", "abcd\u0085efgh"],
  ["a line separator", "abcd\u2028efgh"],
  ["a lone high surrogate", "abcd\ud800efgh"],
  ["a lone low surrogate", "\udc00abcdefgh"],
  ["reversed surrogate halves", "abcd\ude00\ud83defgh"],
  ["a right-to-left override", "\u202egnp.exe-abcd"],
  ["a left-to-right embedding", "abcd\u202aefgh"],
  ["a right-to-left isolate", "abcd\u2067efgh\u2069"],
  ["100 KB", "x".repeat(100_000)],
  ["100 KB of two-byte characters", "é".repeat(50_000)],
];

/** Byte sequences that are not UTF-8, sent raw inside a JSON string. */
export const invalidUtf8: Array<[string, number[]]> = [
  ["byte FF", [0xff]],
  ["byte FE", [0xfe]],
  ["a bad continuation byte", [0xc3, 0x28]],
  ["an overlong slash", [0xc0, 0xaf]],
  ["an overlong NUL", [0xc0, 0x80]],
  ["an encoded surrogate (CESU-8)", [0xed, 0xa0, 0x80]],
  ["a code point above U+10FFFF", [0xf4, 0x90, 0x80, 0x80]],
  ["a truncated sequence", [0xe2, 0x82]],
  ["a Latin-1 é", [0x4a, 0x6f, 0x73, 0xe9]],
];

/** JSON tokens (or near-JSON) for a number field, written into the body as they are. */
const rawNumbers: Array<[string, string]> = [
  ["NaN", "NaN"],
  ["Infinity", "Infinity"],
  ["-Infinity", "-Infinity"],
  ["1e309 (parses as Infinity)", "1e309"],
  ["-1e309", "-1e309"],
  ["1e308", "1e308"],
  ["-1e308", "-1e308"],
  ["negative zero", "-0"],
  ["negative zero as -0.0", "-0.0"],
  ["the smallest double", "5e-324"],
  ["a hex literal", "0x10"],
  ["a leading plus", "+100"],
];

const badNumbers: Array<[string, unknown]> = [
  ["negative", -1],
  ["NaN (serialised as null)", Number.NaN],
  ["huge", 1e308],
  ["unsafe integer", 2 ** 60],
  ["fractional cents", 12.345],
  ["numeric string", "25"],
  ["numeric string with spaces", " 100 "],
  ["exponent string", "1e2"],
  ["empty string", ""],
  ["SQL string", "1; drop table offerings"],
];

const MARK = "\u0001MARK\u0001";
const encoder = new TextEncoder();

/** The body with `field` set to a raw JSON token (NaN, -0) instead of a serialised value. */
function withRawToken(valid: Record<string, unknown>, field: string, token: string): string {
  return JSON.stringify({ ...valid, [field]: MARK }).replace(JSON.stringify(MARK), token);
}

/** The body with raw bytes spliced into the middle of `field`'s string value. */
function withRawBytes(valid: Record<string, unknown>, field: string, bytes: number[]): Uint8Array {
  const [before = "", after = ""] = JSON.stringify({ ...valid, [field]: `a${MARK}b` }).split(
    JSON.stringify(MARK).slice(1, -1),
  );
  return concat(encoder.encode(before), Uint8Array.from(bytes), encoder.encode(after));
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const DEEP = 50_000;

/** `{"key": value, ...valid}` with the key written by hand: JSON.stringify would drop "__proto__". */
function withLeadingKey(valid: Record<string, unknown>, key: string, valueJson: string): string {
  const rest = JSON.stringify(valid).slice(1);
  return `{${JSON.stringify(key)}: ${valueJson}${rest === "}" ? "" : ", "}${rest}`;
}

/**
 * Payloads that are malformed whatever the route expects: not JSON, the wrong content type,
 * invalid UTF-8, prototype keys, deep nesting, 2 MB. `valid` (may be `{}`) is the base, so a
 * wrong content type carries an otherwise acceptable body.
 */
export function structuralPayloads(valid: Record<string, unknown>): Payload[] {
  const json = JSON.stringify(valid);
  const form = new URLSearchParams(
    Object.entries(valid).map(([k, v]): [string, string] => [
      k,
      typeof v === "string" ? v : JSON.stringify(v),
    ]),
  ).toString();
  const boundary = "----hostile";
  const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--${boundary}--\r\n`;
  return [
    { label: "not JSON", body: "title=x&price=1", contentType: "text/plain" },
    { label: "truncated JSON", body: '{"title": "x"' },
    { label: "trailing garbage", body: `${json}xyz` },
    { label: "single-quoted JSON", body: "{'title': 'x'}" },
    { label: "JSON with a comment", body: `/* hi */${json}` },
    { label: "JSON array", body: "[]" },
    { label: "JSON null", body: "null" },
    { label: "JSON string", body: '"hello"' },
    { label: "JSON number", body: "42" },
    { label: "bare NaN", body: "NaN" },
    { label: "bare Infinity", body: "Infinity" },
    { label: "a body of one NUL", body: "\u0000" },
    // Content types: the body itself is fine, the declared type is not.
    { label: "valid JSON as text/plain", body: json, contentType: "text/plain" },
    {
      label: "valid JSON as text/plain;charset=utf-8",
      body: json,
      contentType: "text/plain;charset=utf-8",
    },
    { label: "valid JSON with no content type", body: json, contentType: null },
    { label: "valid JSON as application/xml", body: json, contentType: "application/xml" },
    { label: "valid JSON as text/json", body: json, contentType: "text/json" },
    {
      label: "a form as x-www-form-urlencoded",
      body: form || "a=1",
      contentType: "application/x-www-form-urlencoded",
    },
    {
      label: "multipart/form-data",
      body: multipart,
      contentType: `multipart/form-data; boundary=${boundary}`,
    },
    {
      label: "broken multipart/form-data",
      body: "--x\r\nnope",
      contentType: "multipart/form-data; boundary=x",
    },
    { label: "XML", body: '<?xml version="1.0"?><a>1</a>', contentType: "application/xml" },
    // Prototype keys, at the top and nested.
    { label: "__proto__ key", body: withLeadingKey(valid, "__proto__", '{"isAdmin": true}') },
    { label: "__proto__ only", body: '{"__proto__": null}' },
    {
      label: "constructor.prototype key",
      body: withLeadingKey(valid, "constructor", '{"prototype": {"isAdmin": true}}'),
    },
    { label: "prototype key", body: withLeadingKey(valid, "prototype", '{"isAdmin": true}') },
    // Nesting that a recursive parser or validator would choke on.
    { label: `arrays nested ${DEEP} deep`, body: `${"[".repeat(DEEP)}${"]".repeat(DEEP)}` },
    {
      label: "objects nested 20000 deep",
      body: `${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}`,
    },
    // Size: bigger than the body limit, and far bigger.
    { label: "300 KB body", body: JSON.stringify({ ...valid, padding: "x".repeat(300_000) }) },
    {
      label: "2 MB body",
      body: JSON.stringify({ ...valid, padding: "x".repeat(2 * 1024 * 1024) }),
    },
    // Bytes that are not UTF-8 at all.
    {
      label: "a Latin-1 body",
      body: concat(encoder.encode('{"name":"Jos'), Uint8Array.from([0xe9]), encoder.encode('"}')),
    },
    { label: "a UTF-16 body", body: new Uint8Array(Buffer.from(json, "utf16le")) },
  ];
}

/** Hostile text, invalid UTF-8 and nesting inside one string field. */
export function textFieldPayloads(valid: Record<string, unknown>, field: string): Payload[] {
  const payloads: Payload[] = [];
  for (const [name, value] of hostileStrings) {
    payloads.push({
      label: `${field} with ${name}`,
      body: JSON.stringify({ ...valid, [field]: value }),
    });
  }
  for (const [name, bytes] of invalidUtf8) {
    payloads.push({ label: `${field} with ${name}`, body: withRawBytes(valid, field, bytes) });
  }
  payloads.push({
    label: `${field} nested ${DEEP} deep`,
    body: withRawToken(valid, field, `${"[".repeat(DEEP)}${"]".repeat(DEEP)}`),
  });
  return payloads;
}

export function hostilePayloads(
  valid: Record<string, unknown>,
  options: FieldHints = {},
): Payload[] {
  const payloads: Payload[] = [
    ...structuralPayloads(valid),
    { label: "empty body", body: "" },
    { label: "empty object", body: "{}" },
    { label: "extra field", body: JSON.stringify({ ...valid, isAdmin: true }) },
  ];
  const unexpectedFields = [
    "isAdmin",
    "userId",
    "user_id",
    "id",
    "role",
    "stripeAccountId",
    "constructor",
    "__proto__",
    "onboardingCompleted",
  ];
  for (const extra of unexpectedFields) {
    for (const [name, value] of [...oddValues, ["a string", "<b>x</b>"] as [string, unknown]]) {
      payloads.push({
        label: `unexpected ${extra} = ${name}`,
        body: withLeadingKey(valid, extra, JSON.stringify(value)),
      });
    }
  }
  for (const field of Object.keys(valid)) {
    if (!options.optionalFields?.includes(field)) {
      const without = { ...valid };
      delete without[field];
      payloads.push({ label: `${field} missing`, body: JSON.stringify(without) });
    }
    for (const [name, value] of oddValues) {
      // A value of the field's own type may well be valid; those are not malformed.
      if (value !== null && typeof value === typeof valid[field] && !Array.isArray(valid[field]))
        continue;
      payloads.push({
        label: `${field} is ${name}`,
        body: JSON.stringify({ ...valid, [field]: value }),
      });
    }
    if (options.numberFields?.includes(field)) {
      for (const [name, value] of badNumbers) {
        payloads.push({
          label: `${field} ${name}`,
          body: JSON.stringify({ ...valid, [field]: value }),
        });
      }
      for (const [name, token] of rawNumbers) {
        payloads.push({ label: `${field} = ${name}`, body: withRawToken(valid, field, token) });
      }
    } else if (typeof valid[field] === "boolean") {
      for (const value of ["true", "false", 1, 0, "on"]) {
        payloads.push({
          label: `${field} = ${JSON.stringify(value)}`,
          body: JSON.stringify({ ...valid, [field]: value }),
        });
      }
    } else if (typeof valid[field] === "string") {
      payloads.push({ label: `${field} empty`, body: JSON.stringify({ ...valid, [field]: "" }) });
      payloads.push({
        label: `${field} blank`,
        body: JSON.stringify({ ...valid, [field]: "   " }),
      });
      payloads.push({
        label: `${field} huge`,
        body: JSON.stringify({ ...valid, [field]: "é".repeat(5_000) }),
      });
      payloads.push({ label: `${field} a number`, body: withRawToken(valid, field, "1e308") });
      payloads.push(...textFieldPayloads(valid, field));
    }
    if (options.emailFields?.includes(field)) {
      for (const bad of ["' or 1=1 --", "<script>alert(1)</script>", "a@", "@b.co", "a b@c.de"]) {
        payloads.push({
          label: `${field} = ${bad}`,
          body: JSON.stringify({ ...valid, [field]: bad }),
        });
      }
    }
    if (options.enumFields?.includes(field)) {
      for (const bad of [
        "<img src=x onerror=alert(1)>",
        "home-property'; --",
        "ＨＯＭＥ",
        "\u0000",
      ]) {
        payloads.push({
          label: `${field} = ${JSON.stringify(bad)}`,
          body: JSON.stringify({ ...valid, [field]: bad }),
        });
      }
    }
  }
  for (const field of options.nestedFields ?? []) {
    const nested = valid[field] as Record<string, unknown>;
    for (const [sub, value] of Object.entries(nested)) {
      if (typeof value !== "string") continue;
      const withSub = (subValue: unknown) =>
        JSON.stringify({ ...valid, [field]: { ...nested, [sub]: subValue } });
      for (const [name, hostile] of hostileStrings) {
        payloads.push({ label: `${field}.${sub} with ${name}`, body: withSub(hostile) });
      }
      payloads.push({ label: `${field}.${sub} huge`, body: withSub("é".repeat(5_000)) });
      payloads.push({ label: `${field}.${sub} an object`, body: withSub({ $ne: 1 }) });
    }
  }
  const validBodies = new Set([JSON.stringify(valid)]);
  if (Object.keys(valid).every((f) => options.optionalFields?.includes(f))) validBodies.add("{}");
  return payloads.filter((p) => typeof p.body !== "string" || !validBodies.has(p.body));
}

/**
 * Path segments that can't name anything: NUL, bytes that aren't UTF-8, overlong and
 * double-encoded forms, traversal, direction overrides and an overlong value.
 */
export const hostileSegments: Array<[string, string]> = [
  ["%00", "%00"],
  ["x%00y", "x%00y"],
  ["%FF", "%FF"],
  ["x%FFy", "x%FFy"],
  ["an overlong slash %C0%AF", "%C0%AF"],
  ["an encoded surrogate %ED%A0%80", "%ED%A0%80"],
  ["a truncated sequence %E2%82", "%E2%82"],
  ["a right-to-left override", "%E2%80%AEx"],
  ["double-encoded NUL %2500", "%2500"],
  ["double-encoded traversal", "%252e%252e%252f"],
  ["traversal", "..%2F..%2Fetc%2Fpasswd"],
  ["a lone %", "%"],
  ["%u0000", "%u0000"],
  ["a NUL-terminated uuid", "6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f%00"],
  ["4 KB", "a".repeat(4096)],
  ["upper case", "ABC-DEF"],
  ["an emoji", "%F0%9F%98%80"],
  ["SQL", "x'%20or%20'1'%3D'1"],
];

/** Query strings nobody sends on purpose. */
export const hostileQueries: Array<[string, string]> = [
  ["a NUL value", "?a=%00"],
  ["a non-UTF-8 key and value", "?%FF=%FF"],
  ["prototype keys", "?__proto__[isAdmin]=1&constructor[prototype][isAdmin]=1"],
  ["repeated and bracketed keys", "?a=1&a=2&a[]=3&a[b]=4"],
  ["a broken escape", "?a=%&b=%G0"],
  ["8 KB", `?x=${"y".repeat(8000)}`],
  ["token junk", "?token=%00&callbackURL=%FF&customUrl=x%00&range=%00"],
];
