import { invalid } from "./errors";
import type { ObjectKind, Stored, StripeObject } from "./state";
import type { Store } from "./store/store";

/** An object of any kind, read field by field: expansion walks whatever it is given. */
type AnyObject = Record<string, unknown>;

const isKind = <K extends ObjectKind>(value: AnyObject, kind: K): value is AnyObject & Stored<K> =>
  value.object === kind;

/** Fields that exist only when expanded (Stripe's "includable" fields). */
function includable(store: Store, parent: AnyObject, field: string): unknown {
  if (isKind(parent, "invoice") && field === "confirmation_secret") {
    const pi = parent._payment_intent
      ? store.get(parent._payment_intent, "payment_intent")
      : undefined;
    return pi ? { client_secret: pi.client_secret, type: "payment_intent" } : null;
  }
  if (isKind(parent, "invoice") && field === "payments") {
    return {
      object: "list",
      data: parent._payments ?? [],
      has_more: false,
      url: `/v1/invoice_payments?invoice=${parent.id}`,
    };
  }
  if (isKind(parent, "checkout.session") && field === "line_items") {
    const price = parent._price ? store.get(parent._price, "price") : undefined;
    const quantity = parent._quantity ?? 1;
    const amount = (price?.unit_amount ?? 0) * quantity;
    const product = price ? store.get(price.product as string, "product") : undefined;
    return {
      object: "list",
      data: [
        {
          id: `li_${String(parent.id).slice(8, 32)}`,
          object: "item",
          amount_discount: 0,
          amount_subtotal: amount,
          amount_tax: 0,
          amount_total: amount,
          currency: price?.currency ?? "usd",
          description: product?.name ?? "",
          price: price ?? null,
          quantity,
        },
      ],
      has_more: false,
      url: `/v1/checkout/sessions/${parent.id}/line_items`,
    };
  }
  if (isKind(parent, "coupon") && field === "applies_to") {
    return parent._applies_to ?? { products: [] };
  }
  if (isKind(parent, "charge") && field === "refunds") {
    return {
      object: "list",
      data: store.listWhere("refund", "charge", parent.id),
      has_more: false,
      url: `/v1/charges/${parent.id}/refunds`,
    };
  }
  if (isKind(parent, "customer") && field === "subscriptions") {
    const data = store.list(
      "subscription",
      (s) => s.customer === parent.id && s.status !== "canceled",
    );
    return {
      object: "list",
      data,
      has_more: false,
      url: `/v1/customers/${parent.id}/subscriptions`,
    };
  }
  return undefined;
}

function expandPath(store: Store, value: unknown, path: string[], full: string): unknown {
  if (path.length === 0 || value === null || value === undefined) return value;
  const [head, ...rest] = path as [string, ...string[]];
  if (Array.isArray(value)) return value.map((v) => expandPath(store, v, path, full));
  if (typeof value !== "object") return value;
  const obj: AnyObject = { ...(value as AnyObject) };
  if (head === "data" && obj.object === "list" && Array.isArray(obj.data)) {
    obj.data = (obj.data as unknown[]).map((item) =>
      expandPath(store, resolve(store, item), rest, full),
    );
    return obj;
  }
  let field = obj[head];
  if (field === undefined) field = includable(store, obj, head);
  if (field === undefined) {
    // Stripe refuses what cannot be expanded, e.g. basil's removed invoice.payment_intent.
    throw invalid("expand", `This property cannot be expanded (${full}).`);
  }
  obj[head] = expandPath(store, resolve(store, field), rest, full);
  return obj;
}

/** An id string becomes the object it names; so does each id of a list (`discounts`). */
function resolve(store: Store, value: unknown): unknown {
  if (typeof value === "string") return store.get(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => resolve(store, item));
  return value;
}

export function applyExpand(store: Store, value: unknown, expand: string[]): unknown {
  let out = value;
  for (const path of expand) out = expandPath(store, out, path.split("."), path);
  return out;
}

/**
 * Lists are newest first, cursor-paginated like Stripe's: `starting_after` pages towards older
 * objects, `ending_before` towards newer ones; `limit` is 1 to 100, 10 by default.
 */
export function toList(
  items: Array<StripeObject & { created?: unknown }>,
  params: Record<string, unknown>,
  url: string,
) {
  // Reversed first so that objects created in the same second are newest first too.
  const sorted = [...items]
    .reverse()
    .sort((a, b) => ((b.created as number) ?? 0) - ((a.created as number) ?? 0));
  const limit = Math.min(Math.max(Number(params.limit ?? 10) || 10, 1), 100);
  if (typeof params.ending_before === "string") {
    const index = sorted.findIndex((i) => i.id === params.ending_before);
    const end = Math.max(index, 0);
    const start = Math.max(0, end - limit);
    return { object: "list", data: sorted.slice(start, end), has_more: start > 0, url };
  }
  let start = 0;
  if (typeof params.starting_after === "string") {
    const index = sorted.findIndex((i) => i.id === params.starting_after);
    start = index >= 0 ? index + 1 : sorted.length;
  }
  const data = sorted.slice(start, start + limit);
  return { object: "list", data, has_more: start + limit < sorted.length, url };
}
