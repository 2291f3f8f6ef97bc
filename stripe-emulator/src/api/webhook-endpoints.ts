import type { Route } from "../core/context";
import {
  metadataOf,
  optionalArray,
  optionalBool,
  optionalString,
  requiredString,
} from "../core/params";
import {
  endpointView,
  registerEndpoint,
  removeEndpoint,
  requireEndpoint,
  updateEndpoint,
} from "../webhooks/endpoints";
import { PAGE_PARAMS } from "./list-params";

const eventList = (params: Record<string, unknown>) =>
  (optionalArray(params, "enabled_events") ?? ["*"]).map(String);

export const webhookEndpointRoutes: Route[] = [
  {
    method: "POST",
    path: "/v1/webhook_endpoints",
    allowed: ["url", "enabled_events", "connect", "api_version", "description", "metadata"],
    handle: (em, { params }) => {
      const endpoint = registerEndpoint(em, {
        url: requiredString(params, "url"),
        connect: optionalBool(params, "connect") ?? false,
        enabledEvents: eventList(params),
        description: optionalString(params, "description") ?? null,
        metadata: metadataOf(params),
      });
      return endpointView(endpoint, true);
    },
  },
  {
    method: "GET",
    path: "/v1/webhook_endpoints",
    allowed: PAGE_PARAMS,
    handle: (em) =>
      em.store.state.webhookEndpoints.map((e) => ({
        ...endpointView(e, false),
        created: e.created ?? 0,
      })),
  },
  {
    method: "GET",
    path: "/v1/webhook_endpoints/:id{we_\\w+}",
    allowed: ["expand"],
    handle: (em, _req, path) => endpointView(requireEndpoint(em, path.id), false),
  },
  {
    method: "POST",
    path: "/v1/webhook_endpoints/:id{we_\\w+}",
    allowed: ["url", "enabled_events", "description", "metadata", "disabled"],
    handle: (em, { params }, path) => {
      const endpoint = updateEndpoint(em, requireEndpoint(em, path.id), {
        url: optionalString(params, "url") || undefined,
        enabledEvents: params.enabled_events === undefined ? undefined : eventList(params),
        description:
          params.description === undefined
            ? undefined
            : (optionalString(params, "description") ?? null),
        metadata: params.metadata === undefined ? undefined : metadataOf(params),
        disabled: optionalBool(params, "disabled"),
      });
      return endpointView(endpoint, false);
    },
  },
  {
    method: "DELETE",
    path: "/v1/webhook_endpoints/:id{we_\\w+}",
    allowed: [],
    handle: (em, _req, path) => {
      const endpoint = removeEndpoint(em, requireEndpoint(em, path.id));
      return { id: endpoint.id, object: "webhook_endpoint", deleted: true };
    },
  },
];
