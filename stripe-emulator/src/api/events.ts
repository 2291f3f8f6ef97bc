import type { Route } from "../core/context";
import { requireObject } from "../core/lookup";
import { createdRange, optionalArray, optionalString } from "../core/params";
import { PAGE_PARAMS } from "./list-params";

/** `invoice.*` matches every invoice event, as on Stripe. */
function matches(pattern: string, type: string) {
  return pattern.endsWith(".*") ? type.startsWith(pattern.slice(0, -1)) : pattern === type;
}

export const eventRoutes: Route[] = [
  {
    method: "GET",
    path: "/v1/events/:id{evt_\\w+}",
    allowed: ["expand"],
    handle: (em, { account }, path) => requireObject(em, path.id, "event", account),
  },
  {
    method: "GET",
    path: "/v1/events",
    allowed: ["type", "types", "created", "delivery_success", ...PAGE_PARAMS],
    handle: (em, { params, account }) => {
      const type = optionalString(params, "type");
      const types = (optionalArray(params, "types") ?? []).map(String);
      return em.store.listFor(
        "event",
        account,
        (e) =>
          (!type || matches(type, e.type)) &&
          (types.length === 0 || types.some((t) => matches(t, e.type))),
        createdRange(params),
      );
    },
  },
];
