/**
 * Malformed variants of a valid JSON body: wrong types, missing and extra fields, huge and
 * odd strings, bad numbers, SQL and HTML fragments in places that can't accept them, and
 * bodies that aren't JSON at all. Every one of them must be refused.
 */
export type Payload = { label: string; body: string; contentType?: string };

const oddValues: Array<[string, unknown]> = [
  ["null", null],
  ["true", true],
  ["a number", 12345],
  ["an array", ["x"]],
  ["an object", { $ne: 1 }],
  ["SQL in a non-text type", { "'; drop table offerings; --": 1 }],
];

const badNumbers: Array<[string, unknown]> = [
  ["negative", -1],
  ["NaN (serialised as null)", Number.NaN],
  ["huge", 1e308],
  ["unsafe integer", 2 ** 60],
  ["fractional cents", 12.345],
  ["numeric string", "25"],
  ["SQL string", "1; drop table offerings"],
];

export function hostilePayloads(
  valid: Record<string, unknown>,
  options: {
    numberFields?: string[];
    emailFields?: string[];
    enumFields?: string[];
    optionalFields?: string[];
  } = {},
): Payload[] {
  const payloads: Payload[] = [
    { label: "not JSON", body: "title=x&price=1", contentType: "text/plain" },
    { label: "truncated JSON", body: '{"title": "x"' },
    { label: "JSON array", body: "[]" },
    { label: "JSON null", body: "null" },
    { label: "JSON string", body: '"hello"' },
    { label: "JSON number", body: "42" },
    { label: "empty body", body: "" },
    { label: "empty object", body: "{}" },
    { label: "extra field", body: JSON.stringify({ ...valid, isAdmin: true }) },
    {
      label: "prototype pollution",
      body: `{"__proto__": {"isAdmin": true}, ${JSON.stringify(valid).slice(1)}`,
    },
    { label: "huge body", body: JSON.stringify({ ...valid, padding: "x".repeat(300_000) }) },
  ];
  const unexpectedFields = [
    "isAdmin",
    "userId",
    "user_id",
    "id",
    "role",
    "stripeAccountId",
    "constructor",
    "onboardingCompleted",
  ];
  for (const extra of unexpectedFields) {
    for (const [name, value] of [...oddValues, ["a string", "<b>x</b>"] as [string, unknown]]) {
      payloads.push({
        label: `unexpected ${extra} = ${name}`,
        body: JSON.stringify({ ...valid, [extra]: value }),
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
    } else {
      payloads.push({ label: `${field} empty`, body: JSON.stringify({ ...valid, [field]: "" }) });
      payloads.push({
        label: `${field} blank`,
        body: JSON.stringify({ ...valid, [field]: "   " }),
      });
      payloads.push({
        label: `${field} huge`,
        body: JSON.stringify({ ...valid, [field]: "é".repeat(5_000) }),
      });
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
  const validBodies = new Set([JSON.stringify(valid)]);
  if (Object.keys(valid).every((f) => options.optionalFields?.includes(f))) validBodies.add("{}");
  return payloads.filter((p) => !validBodies.has(p.body));
}
