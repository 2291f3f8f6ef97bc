import { balanceOf } from "../billing/money";
import type { Route } from "../core/context";
import { requireObject } from "../core/lookup";
import { createdRange, optionalString } from "../core/params";
import { childId, requireChild } from "./children";
import { PAGE_PARAMS } from "./list-params";

// Money moved for the platform: balances, application fees (and their refunds), transfers to
// connected accounts (and their reversals).

export const transferRoutes: Route[] = [
  {
    method: "GET",
    path: "/v1/balance",
    allowed: [],
    handle: (em, { account }) => {
      return balanceOf(em, account);
    },
  },
  {
    method: "GET",
    path: "/v1/application_fees",
    allowed: ["charge", "created", ...PAGE_PARAMS],
    handle: (em, { params, account }) => {
      const charge = optionalString(params, "charge");
      // Fees are the platform's; a connected account sees none of its own.
      if (account) return [];
      const created = createdRange(params);
      return charge
        ? em.store.listWhere(
            "application_fee",
            "charge",
            charge,
            (f) => !created || created(f.created),
          )
        : em.store.list("application_fee", undefined, created);
    },
  },
  {
    method: "GET",
    path: "/v1/application_fees/:id{fee_\\w+}",
    allowed: ["expand"],
    handle: (em, { account }, path) => requireObject(em, path.id, "application_fee", account),
  },
  {
    method: "GET",
    path: "/v1/application_fees/:id{fee_\\w+}/refunds",
    allowed: PAGE_PARAMS,
    handle: (em, { account }, path) =>
      requireObject(em, path.id, "application_fee", account).refunds.data,
  },
  {
    method: "GET",
    path: "/v1/application_fees/:id{fee_\\w+}/refunds/:child{fr_\\w+}",
    allowed: ["expand"],
    handle: (em, request, path) =>
      requireChild(
        requireObject(em, path.id, "application_fee", request.account).refunds.data,
        childId(request),
        "fee_refund",
      ),
  },
  {
    method: "GET",
    path: "/v1/transfers",
    allowed: ["destination", "created", ...PAGE_PARAMS],
    handle: (em, { params, account }) => {
      const destination = optionalString(params, "destination");
      if (account) return [];
      const created = createdRange(params);
      return destination
        ? em.store.listWhere(
            "transfer",
            "destination",
            destination,
            (t) => !created || created(t.created),
          )
        : em.store.list("transfer", undefined, created);
    },
  },
  {
    method: "GET",
    path: "/v1/transfers/:id{tr_\\w+}",
    allowed: ["expand"],
    handle: (em, { account }, path) => requireObject(em, path.id, "transfer", account),
  },
  {
    method: "GET",
    path: "/v1/transfers/:id{tr_\\w+}/reversals",
    allowed: PAGE_PARAMS,
    handle: (em, { account }, path) =>
      requireObject(em, path.id, "transfer", account).reversals.data,
  },
  {
    method: "GET",
    path: "/v1/transfers/:id{tr_\\w+}/reversals/:child{trr_\\w+}",
    allowed: ["expand"],
    handle: (em, request, path) =>
      requireChild(
        requireObject(em, path.id, "transfer", request.account).reversals.data,
        childId(request),
        "transfer_reversal",
      ),
  },
];
