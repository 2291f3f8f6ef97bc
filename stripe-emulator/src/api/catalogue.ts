import type Stripe from "stripe";
import { newPrice, newProduct } from "../billing/catalogue";
import { MAX_INTERVAL_COUNT } from "../billing/periods";
import type { Route } from "../core/context";
import { alreadyExists, invalid, missing, noSuch } from "../core/errors";
import { requireObject } from "../core/lookup";
import {
  metadataOf,
  optionalArray,
  optionalBool,
  optionalInt,
  optionalObject,
  optionalString,
  requiredString,
} from "../core/params";
import { childId } from "./children";
import { PAGE_PARAMS } from "./list-params";

const INTERVALS: readonly string[] = ["day", "week", "month", "year"];

/** A price's `recurring`: its interval and count, within Stripe's three-year limit. */
function recurringOf(recurring: Record<string, unknown> | undefined) {
  if (!recurring) return { interval: null, intervalCount: 1 };
  if (recurring.interval === undefined) throw missing("recurring[interval]");
  const interval = String(recurring.interval);
  if (!INTERVALS.includes(interval))
    throw invalid(
      "recurring[interval]",
      `Invalid recurring[interval]: must be one of day, month, week, or year`,
    );
  const raw = recurring.interval_count ?? "1";
  const count = Number(raw);
  if (!/^\d+$/.test(String(raw)) || count < 1)
    throw invalid(
      "recurring[interval_count]",
      `Invalid recurring[interval_count]: must be a positive integer (${String(raw)})`,
    );
  const typed = interval as Stripe.Price.Recurring.Interval;
  if (count > MAX_INTERVAL_COUNT[typed])
    throw invalid(
      "recurring[interval_count]",
      "The maximum billing interval is 3 years (3 years, 36 months, 156 weeks or 1095 days).",
    );
  return { interval: typed, intervalCount: count };
}

export const catalogueRoutes: Route[] = [
  {
    method: "POST",
    path: "/v1/products",
    allowed: [
      "id",
      "name",
      "description",
      "metadata",
      "active",
      "images",
      "default_price_data",
      "tax_code",
      "url",
      "statement_descriptor",
      "unit_label",
    ],
    nested: { default_price_data: "any", images: true },
    handle: (em, { params, account }) => {
      const product = newProduct(em, requiredString(params, "name"));
      // Stripe lets the caller choose a product's id; it must be unique in the account.
      const id = optionalString(params, "id");
      if (id !== undefined) {
        if (!/^\w+$/.test(id))
          throw invalid("id", "Invalid product id: use letters, digits and _.");
        if (em.store.get(id, "product")) throw alreadyExists("id", "Product already exists.");
        product.id = id;
      }
      product.description = optionalString(params, "description") ?? null;
      product.active = optionalBool(params, "active") ?? true;
      product.metadata = metadataOf(params);
      return em.store.put(product, account);
    },
  },
  {
    method: "POST",
    path: "/v1/products/:id{prod_\\w+}",
    allowed: ["name", "description", "metadata", "active", "default_price"],
    handle: (em, { params, account }, path) => {
      const product = requireObject(em, path.id, "product", account);
      const name = optionalString(params, "name");
      if (name !== undefined) product.name = name;
      if (params.description !== undefined)
        product.description = optionalString(params, "description") ?? null;
      const active = optionalBool(params, "active");
      if (active !== undefined) product.active = active;
      if (params.metadata !== undefined)
        product.metadata = { ...product.metadata, ...metadataOf(params) };
      product.updated = em.store.now();
      return em.store.put(product);
    },
  },
  {
    method: "GET",
    path: "/v1/products/:id{prod_\\w+}",
    allowed: ["expand"],
    handle: (em, { account }, path) => requireObject(em, path.id, "product", account),
  },
  // Entitlement features are not emulated: a product has none.
  {
    method: "GET",
    path: "/v1/products/:id{prod_\\w+}/features",
    allowed: PAGE_PARAMS,
    handle: (em, { account }, path) => {
      requireObject(em, path.id, "product", account);
      return [];
    },
  },
  {
    method: "GET",
    path: "/v1/products/:id{prod_\\w+}/features/:child{\\w+}",
    allowed: ["expand"],
    handle: (em, request, path) => {
      requireObject(em, path.id, "product", request.account);
      throw noSuch("product feature", childId(request));
    },
  },
  {
    method: "GET",
    path: "/v1/products",
    allowed: ["active", "ids", "created", ...PAGE_PARAMS],
    nested: { ids: true },
    handle: (em, { params, account }) => {
      const active = optionalBool(params, "active");
      const ids = optionalArray(params, "ids")?.map(String);
      return em.store.listFor(
        "product",
        account,
        (p) => (active === undefined || p.active === active) && (!ids || ids.includes(p.id)),
      );
    },
  },
  {
    method: "POST",
    path: "/v1/prices",
    allowed: [
      "product",
      "currency",
      "unit_amount",
      "recurring",
      "metadata",
      "active",
      "nickname",
      "lookup_key",
      "product_data",
      "tax_behavior",
      "transfer_lookup_key",
    ],
    nested: {
      recurring: {
        interval: true,
        interval_count: true,
        usage_type: true,
        meter: true,
        trial_period_days: true,
      },
      product_data: {
        name: true,
        active: true,
        metadata: "any",
        statement_descriptor: true,
        tax_code: true,
        unit_label: true,
        id: true,
      },
    },
    handle: (em, { params, account }) => {
      // Stripe checks required params before it looks anything up.
      const currency = requiredString(params, "currency").toLowerCase();
      const unitAmount = optionalInt(params, "unit_amount");
      if (unitAmount === undefined) throw missing("unit_amount");
      if (unitAmount < 0) throw invalid("unit_amount", "Invalid non-negative integer");
      const recurring = optionalObject(params, "recurring");
      const { interval, intervalCount } = recurringOf(recurring);
      let productId = optionalString(params, "product");
      const productData = optionalObject(params, "product_data");
      if (productId) requireObject(em, productId, "product", account);
      else if (productData) {
        if (!productData.name) throw missing("product_data[name]");
        const inline = newProduct(em, String(productData.name));
        inline.metadata = metadataOf(productData);
        productId = em.store.put(inline, account).id;
      }
      if (!productId)
        throw invalid(
          "product",
          "You must specify either `product` or `product_data` when creating a price.",
        );
      return em.store.put(
        newPrice(em, {
          product: productId,
          currency,
          unitAmount,
          interval,
          intervalCount,
          active: optionalBool(params, "active") ?? true,
          lookupKey: optionalString(params, "lookup_key") ?? null,
          nickname: optionalString(params, "nickname") ?? null,
          metadata: metadataOf(params),
        }),
        account,
      );
    },
  },
  {
    method: "POST",
    path: "/v1/prices/:id{price_\\w+}",
    allowed: ["active", "metadata", "nickname", "lookup_key"],
    handle: (em, { params, account }, path) => {
      const price = requireObject(em, path.id, "price", account);
      const active = optionalBool(params, "active");
      if (active !== undefined) price.active = active;
      if (params.metadata !== undefined)
        price.metadata = { ...price.metadata, ...metadataOf(params) };
      if (params.nickname !== undefined)
        price.nickname = optionalString(params, "nickname") ?? null;
      return em.store.put(price);
    },
  },
  {
    method: "GET",
    path: "/v1/prices",
    allowed: [
      "product",
      "active",
      "type",
      "currency",
      "recurring",
      "lookup_keys",
      "created",
      ...PAGE_PARAMS,
    ],
    nested: { recurring: { interval: true, meter: true, usage_type: true }, lookup_keys: true },
    handle: (em, { params, account }) => {
      const product = optionalString(params, "product");
      const active = optionalBool(params, "active");
      const type = optionalString(params, "type");
      const interval = optionalObject(params, "recurring")?.interval;
      const lookupKeys = optionalArray(params, "lookup_keys")?.map(String);
      return em.store.listFor(
        "price",
        account,
        (p) =>
          (!lookupKeys || (p.lookup_key !== null && lookupKeys.includes(p.lookup_key))) &&
          (!product || p.product === product) &&
          (active === undefined || p.active === active) &&
          (!type || p.type === type) &&
          (interval === undefined || p.recurring?.interval === interval),
      );
    },
  },
  {
    method: "GET",
    path: "/v1/prices/:id{price_\\w+}",
    allowed: ["expand"],
    handle: (em, { account }, path) => requireObject(em, path.id, "price", account),
  },
];
