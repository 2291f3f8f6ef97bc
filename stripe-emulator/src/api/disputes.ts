import type { Route } from "../core/context";
import { requireObject } from "../core/lookup";
import { optionalString } from "../core/params";
import { PAGE_PARAMS } from "./list-params";

export const disputeRoutes: Route[] = [
  {
    method: "GET",
    path: "/v1/disputes/:id{dp_\\w+}",
    allowed: ["expand"],
    handle: (em, { account }, path) => requireObject(em, path.id, "dispute", account),
  },
  {
    method: "GET",
    path: "/v1/disputes",
    allowed: ["charge", "payment_intent", "created", ...PAGE_PARAMS],
    handle: (em, { params, account }) => {
      const charge = optionalString(params, "charge");
      const intent = optionalString(params, "payment_intent");
      return em.store.listFor(
        "dispute",
        account,
        (d) => (!charge || d.charge === charge) && (!intent || d.payment_intent === intent),
      );
    },
  },
];
