import type Stripe from "stripe";
import { invalid, missing } from "./errors";

export type Params = Record<string, unknown>;

export function optionalString(params: Params, name: string): string | undefined {
  const value = params[name];
  if (value === undefined || value === "") return undefined;
  if (typeof value !== "string") throw invalid(name, `Invalid string: ${name}`);
  return value;
}

export function requiredString(params: Params, name: string): string {
  const value = optionalString(params, name);
  if (value === undefined) throw missing(name);
  return value;
}

export function optionalInt(params: Params, name: string): number | undefined {
  const value = params[name];
  if (value === undefined || value === "") return undefined;
  const n = typeof value === "number" ? value : Number(value);
  if (!Number.isInteger(n)) throw invalid(name, `Invalid integer: ${String(value)}`);
  return n;
}

export function optionalNumber(params: Params, name: string): number | undefined {
  const value = params[name];
  if (value === undefined || value === "") return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) throw invalid(name, `Invalid decimal: ${String(value)}`);
  return n;
}

export function optionalBool(params: Params, name: string): boolean | undefined {
  const value = params[name];
  if (value === undefined || value === "") return undefined;
  if (value === true || value === "true") return true;
  if (value === false || value === "false") return false;
  throw invalid(name, `Invalid boolean: ${String(value)}`);
}

export function optionalObject(params: Params, name: string): Params | undefined {
  const value = params[name];
  if (value === undefined || value === "") return undefined;
  if (typeof value !== "object" || Array.isArray(value))
    throw invalid(name, `Invalid object: ${name}`);
  return value as Params;
}

/** Stripe arrays arrive as `a[0]=x` (an object with numeric keys) or `a[]=x` (an array). */
export function optionalArray(params: Params, name: string): unknown[] | undefined {
  const value = params[name];
  if (value === undefined || value === "") return undefined;
  if (Array.isArray(value)) return value;
  if (typeof value === "object") return Object.values(value as Params);
  return [value];
}

const ADDRESS_FIELDS = ["city", "country", "line1", "line2", "postal_code", "state"] as const;

/**
 * An `address` hash as Stripe stores it: every field present, the ones not sent null. An empty
 * string clears it (null); undefined when the param was not sent. A new address replaces the old
 * one whole (guess: Stripe's docs do not say whether an update merges an address's fields).
 */
export function optionalAddress(params: Params, name: string): Stripe.Address | null | undefined {
  if (params[name] === "") return null;
  const value = optionalObject(params, name);
  if (!value) return undefined;
  return Object.fromEntries(
    ADDRESS_FIELDS.map((field) => {
      const param = `${name}[${field}]`;
      return [field, optionalString({ [param]: value[field] }, param) ?? null];
    }),
  ) as unknown as Stripe.Address;
}

/** Metadata is flat strings: keys up to 40 characters, values up to 500, as on Stripe. */
export function metadataOf(params: Params, name = "metadata"): Record<string, string> {
  const value = optionalObject(params, name) ?? {};
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => {
      if (inner !== null && typeof inner === "object")
        throw invalid(`${name}[${key}]`, `Invalid string: ${JSON.stringify(inner)}`);
      if (key.length > 40)
        throw invalid(`${name}[${key}]`, "Metadata keys can be at most 40 characters long.");
      const text = String(inner ?? "");
      if (text.length > 500)
        throw invalid(`${name}[${key}]`, "Metadata values can be at most 500 characters long.");
      return [key, text];
    }),
  );
}

/**
 * Stripe's `created` list filter: a timestamp, or `{gt, gte, lt, lte}`. A predicate on an
 * object's `created`, or undefined when the list is not filtered.
 */
export function createdRange(
  params: Params,
): ((created: number | undefined) => boolean) | undefined {
  const value = params.created;
  if (value === undefined || value === "") return undefined;
  const bound = (name: string, raw: unknown) => {
    const n = Number(raw);
    if (!Number.isInteger(n)) throw invalid(`created[${name}]`, `Invalid integer: ${String(raw)}`);
    return n;
  };
  if (typeof value !== "object" || value === null) {
    const exact = bound("", value);
    return (created) => created === exact;
  }
  const range = value as Record<string, unknown>;
  for (const key of Object.keys(range)) {
    if (!["gt", "gte", "lt", "lte"].includes(key))
      throw invalid(`created[${key}]`, `Received unknown parameter: created[${key}]`);
  }
  const gt = range.gt === undefined ? undefined : bound("gt", range.gt);
  const gte = range.gte === undefined ? undefined : bound("gte", range.gte);
  const lt = range.lt === undefined ? undefined : bound("lt", range.lt);
  const lte = range.lte === undefined ? undefined : bound("lte", range.lte);
  return (created) =>
    created !== undefined &&
    (gt === undefined || created > gt) &&
    (gte === undefined || created >= gte) &&
    (lt === undefined || created < lt) &&
    (lte === undefined || created <= lte);
}
