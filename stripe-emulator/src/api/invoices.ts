import { previewInvoice } from "../billing/invoice-preview";
import { setDraftApplicationFee } from "../billing/invoices";
import type { Route } from "../core/context";
import { invalid } from "../core/errors";
import { requireObject } from "../core/lookup";
import {
  createdRange,
  optionalArray,
  optionalBool,
  optionalInt,
  optionalObject,
  optionalString,
  requiredString,
} from "../core/params";
import type { Stored } from "../core/state";
import { discountsParam, discountsShape } from "./coupons";
import { PAGE_PARAMS } from "./list-params";
import { itemChangeOf, itemShape, prorationBehaviorOf } from "./subscriptions";

export const invoiceRoutes: Route[] = [
  {
    method: "POST",
    path: "/v1/invoices/create_preview",
    allowed: ["customer", "subscription", "subscription_details", "discounts", "expand"],
    nested: {
      subscription_details: {
        items: itemShape,
        proration_behavior: true,
        proration_date: true,
        cancel_at_period_end: true,
      },
      discounts: discountsShape,
    },
    handle: (em, { params, account }) => {
      const details = optionalObject(params, "subscription_details") ?? {};
      const items = optionalArray(details, "items") as Array<Record<string, unknown>> | undefined;
      return previewInvoice(
        em,
        {
          customer: optionalString(params, "customer"),
          subscription: optionalString(params, "subscription"),
          details: {
            items: items?.map((raw) => ({
              ...itemChangeOf(raw),
              deleted: optionalBool(raw, "deleted"),
            })),
            prorationBehavior: prorationBehaviorOf(
              details,
              "subscription_details[proration_behavior]",
            ),
            prorationDate: optionalInt(details, "proration_date"),
            cancelAtPeriodEnd: optionalBool(details, "cancel_at_period_end"),
          },
          discounts: params.discounts === undefined ? undefined : discountsParam(params),
        },
        account,
      );
    },
  },
  {
    method: "GET",
    path: "/v1/invoices/:id{in_\\w+}",
    allowed: ["expand"],
    handle: (em, { account }, path) => requireObject(em, path.id, "invoice", account),
  },
  {
    method: "POST",
    path: "/v1/invoices/:id{in_\\w+}",
    allowed: ["application_fee_amount", "expand"],
    handle: (em, { params, account }, path) => {
      const invoice = requireObject(em, path.id, "invoice", account);
      const amount = optionalInt(params, "application_fee_amount");
      if (amount === undefined) return invoice;
      if (amount < 0)
        throw invalid("application_fee_amount", "application_fee_amount must be at least 0.");
      return setDraftApplicationFee(em, invoice, amount);
    },
  },
  {
    method: "GET",
    path: "/v1/invoices/:id{in_\\w+}/lines",
    allowed: PAGE_PARAMS,
    handle: (em, { account }, path) => requireObject(em, path.id, "invoice", account).lines.data,
  },
  {
    method: "GET",
    path: "/v1/invoices",
    allowed: [
      "customer",
      "subscription",
      "status",
      "created",
      "collection_method",
      "due_date",
      ...PAGE_PARAMS,
    ],
    handle: (em, { params, account }) => {
      const customer = optionalString(params, "customer");
      const subscription = optionalString(params, "subscription");
      const status = optionalString(params, "status");
      const created = createdRange(params);
      const matches = (i: Stored<"invoice">) =>
        em.store.ownerOf(i.id) === account &&
        (!created || created(i.created)) &&
        (!customer || i.customer === customer) &&
        (!subscription || i.parent?.subscription_details?.subscription === subscription) &&
        (!status || i.status === status);
      // Through an index when one applies: invoices pile up month after month.
      if (subscription) return em.store.listWhere("invoice", "subscription", subscription, matches);
      if (customer) return em.store.listWhere("invoice", "customer", customer, matches);
      if (status) return em.store.listWhere("invoice", "status", status, matches);
      return em.store.listFor("invoice", account, matches, created);
    },
  },
  {
    method: "GET",
    path: "/v1/invoice_payments",
    allowed: ["invoice", "payment", "status", ...PAGE_PARAMS],
    handle: (em, { params, account }) => {
      const invoice = requireObject(em, requiredString(params, "invoice"), "invoice", account);
      return invoice._payments ?? [];
    },
  },
  {
    method: "GET",
    path: "/v1/invoice_payments/:id{inpay_\\w+}",
    allowed: ["expand"],
    handle: (em, { account }, path) => {
      for (const invoice of em.store.listWhere(
        "invoice",
        "payment",
        path.id,
        (i) => em.store.ownerOf(i.id) === account,
      )) {
        const found = invoice._payments?.find((p) => p.id === path.id);
        if (found) return found;
      }
      return requireObject(em, path.id, "invoice_payment", account);
    },
  },
];
