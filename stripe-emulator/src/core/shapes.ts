import type { ParamShape } from "./context";
import { unknownParam } from "./errors";

/** Checks nested params against their shape, naming the first unknown one like Stripe does. */
export function checkShape(value: unknown, shape: ParamShape, name: string): void {
  if (shape === true || shape === "any" || value === null || typeof value !== "object") return;
  const entries = Object.entries(value as Record<string, unknown>);
  const isList = Array.isArray(value) || entries.every(([key]) => /^\d+$/.test(key));
  if (isList) {
    for (const [key, item] of entries) checkShape(item, shape, `${name}[${key}]`);
    return;
  }
  for (const [key, inner] of entries) {
    const innerShape = shape[key];
    if (innerShape === undefined) throw unknownParam(`${name}[${key}]`);
    checkShape(inner, innerShape, `${name}[${key}]`);
  }
}

// Shapes shared by several endpoints.
export const address: ParamShape = {
  city: true,
  country: true,
  line1: true,
  line2: true,
  postal_code: true,
  state: true,
};
/** A customer's `shipping`: Stripe requires `name` and `address` when it is given. */
export const shipping: ParamShape = { address, name: true, phone: true };
export const transferData: ParamShape = { destination: true, amount_percent: true, amount: true };
export const billingMode: ParamShape = { type: true, flexible: "any" };
