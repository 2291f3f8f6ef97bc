import type { Obj } from "./billing";
import type { Store } from "./state";

/** Fields that exist only when expanded (Stripe's "includable" fields). */
function includable(store: Store, parent: Obj, field: string): unknown {
  if (parent.object === "invoice" && field === "confirmation_secret") {
    const pi = parent._payment_intent
      ? store.get<Obj>(parent._payment_intent as string)
      : undefined;
    return pi ? { client_secret: pi.client_secret, type: "payment_intent" } : null;
  }
  if (parent.object === "invoice" && field === "payments") {
    const data = (parent._payments as Obj[] | undefined) ?? [];
    return {
      object: "list",
      data,
      has_more: false,
      url: `/v1/invoice_payments?invoice=${parent.id}`,
    };
  }
  return undefined;
}

function expandPath(store: Store, value: unknown, path: string[]): unknown {
  if (path.length === 0 || value === null || value === undefined) return value;
  const [head, ...rest] = path as [string, ...string[]];
  if (Array.isArray(value)) return value.map((v) => expandPath(store, v, path));
  if (typeof value !== "object") return value;
  const obj = { ...(value as Obj) };
  if (head === "data" && obj.object === "list" && Array.isArray(obj.data)) {
    obj.data = (obj.data as unknown[]).map((item) => expandPath(store, resolve(store, item), rest));
    return obj;
  }
  let field = obj[head];
  if (field === undefined) field = includable(store, obj, head);
  if (field === undefined) return obj;
  obj[head] = expandPath(store, resolve(store, field), rest);
  return obj;
}

/** An id string becomes the object it names. */
function resolve(store: Store, value: unknown): unknown {
  if (typeof value === "string") return store.get(value) ?? value;
  return value;
}

export function applyExpand(store: Store, value: unknown, expand: string[]): unknown {
  let out = value;
  for (const path of expand) out = expandPath(store, out, path.split("."));
  return out;
}

/** Lists are newest first, cursor-paginated with `starting_after` and `limit` like Stripe's. */
export function toList(items: Obj[], params: Record<string, unknown>, url: string) {
  const sorted = [...items].sort(
    (a, b) => ((b.created as number) ?? 0) - ((a.created as number) ?? 0),
  );
  let start = 0;
  if (typeof params.starting_after === "string") {
    const index = sorted.findIndex((i) => i.id === params.starting_after);
    start = index >= 0 ? index + 1 : sorted.length;
  }
  const limit = Math.min(Math.max(Number(params.limit ?? 10) || 10, 1), 100);
  const data = sorted.slice(start, start + limit);
  return { object: "list", data, has_more: start + limit < sorted.length, url };
}
