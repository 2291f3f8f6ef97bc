import type Stripe from "stripe";
import type { Emulator, Route } from "../core/context";
import { noSuch } from "../core/errors";
import {
  metadataOf,
  optionalArray,
  optionalBool,
  optionalString,
  requiredString,
} from "../core/params";
import { newId, type WebhookEndpointRecord } from "../core/state";
import { PAGE_PARAMS } from "./list-params";

function view(endpoint: WebhookEndpointRecord, withSecret: boolean): Stripe.WebhookEndpoint {
  return {
    id: endpoint.id,
    object: "webhook_endpoint",
    api_version: "2025-07-30.basil",
    application: endpoint.connect ? "ca_emulator" : null,
    created: endpoint.created ?? 0,
    description: endpoint.description ?? null,
    enabled_events: endpoint.enabledEvents,
    livemode: false,
    metadata: endpoint.metadata ?? {},
    // Stripe shows the secret only when the endpoint is created.
    ...(withSecret ? { secret: endpoint.secret } : {}),
    status: endpoint.disabled ? "disabled" : "enabled",
    url: endpoint.url,
  };
}

function requireEndpoint(em: Emulator, id: string) {
  const endpoint = em.store.state.webhookEndpoints.find((e) => e.id === id);
  if (!endpoint) throw noSuch("webhook_endpoint", id);
  return endpoint;
}

const eventList = (params: Record<string, unknown>) =>
  (optionalArray(params, "enabled_events") ?? ["*"]).map(String);

export const webhookEndpointRoutes: Route[] = [
  {
    method: "POST",
    path: "/v1/webhook_endpoints",
    allowed: ["url", "enabled_events", "connect", "api_version", "description", "metadata"],
    handle(em, { params }) {
      const endpoint: WebhookEndpointRecord = {
        id: newId("we"),
        url: requiredString(params, "url"),
        secret: `whsec_${newId("x").slice(2)}${newId("x").slice(2)}`,
        connect: optionalBool(params, "connect") ?? false,
        enabledEvents: eventList(params),
        created: em.store.now(),
        description: optionalString(params, "description") ?? null,
        metadata: metadataOf(params),
      };
      // Emulator convenience: re-registering a URL (an app restarting) replaces its endpoint
      // instead of piling up endpoints whose old secrets no longer verify.
      const replaced = em.store.state.webhookEndpoints.filter(
        (e) => !e.fromOptions && e.url === endpoint.url && e.connect === endpoint.connect,
      );
      em.store.state.webhookEndpoints = em.store.state.webhookEndpoints.filter(
        (e) => !replaced.includes(e),
      );
      em.store.state.webhookEndpoints.push(endpoint);
      em.webhooks.reassign(
        replaced.map((e) => e.id),
        endpoint,
      );
      em.store.save();
      return view(endpoint, true);
    },
  },
  {
    method: "GET",
    path: "/v1/webhook_endpoints",
    allowed: PAGE_PARAMS,
    handle: (em) =>
      em.store.state.webhookEndpoints.map((e) => ({ ...view(e, false), created: e.created ?? 0 })),
  },
  {
    method: "GET",
    path: "/v1/webhook_endpoints/:id{we_\\w+}",
    allowed: ["expand"],
    handle: (em, _req, path) => view(requireEndpoint(em, path.id), false),
  },
  {
    method: "POST",
    path: "/v1/webhook_endpoints/:id{we_\\w+}",
    allowed: ["url", "enabled_events", "description", "metadata", "disabled"],
    handle(em, { params }, path) {
      const endpoint = requireEndpoint(em, path.id);
      const url = optionalString(params, "url");
      if (url) endpoint.url = url;
      if (params.enabled_events !== undefined) endpoint.enabledEvents = eventList(params);
      if (params.description !== undefined)
        endpoint.description = optionalString(params, "description") ?? null;
      if (params.metadata !== undefined)
        endpoint.metadata = { ...endpoint.metadata, ...metadataOf(params) };
      const disabled = optionalBool(params, "disabled");
      if (disabled !== undefined) endpoint.disabled = disabled;
      em.store.save();
      return view(endpoint, false);
    },
  },
  {
    method: "DELETE",
    path: "/v1/webhook_endpoints/:id{we_\\w+}",
    allowed: [],
    handle(em, _req, path) {
      const endpoint = requireEndpoint(em, path.id);
      em.store.state.webhookEndpoints = em.store.state.webhookEndpoints.filter(
        (e) => e !== endpoint,
      );
      em.webhooks.forgetEndpoint(endpoint.id);
      em.store.save();
      return { id: endpoint.id, object: "webhook_endpoint", deleted: true };
    },
  },
];
