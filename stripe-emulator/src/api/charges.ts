import type { Route } from "../core/context";
import { requireObject } from "../core/lookup";
import { createdRange, optionalString } from "../core/params";
import { PAGE_PARAMS } from "./list-params";

export const chargeRoutes: Route[] = [
  {
    method: "GET",
    path: "/v1/charges",
    allowed: ["customer", "payment_intent", "transfer_group", "created", ...PAGE_PARAMS],
    handle: (em, { params, account }) => {
      const customer = optionalString(params, "customer");
      const intent = optionalString(params, "payment_intent");
      const group = optionalString(params, "transfer_group");
      return em.store.listFor(
        "charge",
        account,
        (c) =>
          (!customer || c.customer === customer) &&
          (!intent || c.payment_intent === intent) &&
          (!group || c.transfer_group === group),
        createdRange(params),
      );
    },
  },
  {
    method: "GET",
    path: "/v1/charges/:id{ch_\\w+}",
    allowed: ["expand"],
    handle: (em, { account }, path) => requireObject(em, path.id, "charge", account),
  },
];
