import type Stripe from "stripe";
import type { Emulator } from "../core/context";
import { noSuch } from "../core/errors";
import { newId, type WebhookEndpointRecord } from "../core/state";

// The webhook endpoints registered through the API (or given in the emulator's options).

export function endpointView(
  endpoint: WebhookEndpointRecord,
  withSecret: boolean,
): Stripe.WebhookEndpoint {
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

export function requireEndpoint(em: Emulator, id: string) {
  const endpoint = em.store.state.webhookEndpoints.find((e) => e.id === id);
  if (!endpoint) throw noSuch("webhook_endpoint", id);
  return endpoint;
}

/** A new endpoint, with its own signing secret. */
export function registerEndpoint(
  em: Emulator,
  input: Pick<
    WebhookEndpointRecord,
    "url" | "connect" | "enabledEvents" | "description" | "metadata"
  >,
): WebhookEndpointRecord {
  const endpoint: WebhookEndpointRecord = {
    id: newId("we"),
    url: input.url,
    secret: `whsec_${newId("x").slice(2)}${newId("x").slice(2)}`,
    connect: input.connect,
    enabledEvents: input.enabledEvents,
    created: em.store.now(),
    description: input.description,
    metadata: input.metadata,
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
  return endpoint;
}

/** The endpoint is gone, and so are the deliveries still queued for it. */
export function removeEndpoint(em: Emulator, endpoint: WebhookEndpointRecord) {
  em.store.state.webhookEndpoints = em.store.state.webhookEndpoints.filter((e) => e !== endpoint);
  em.webhooks.forgetEndpoint(endpoint.id);
  em.store.save();
  return endpoint;
}

/** Applies an update; fields left undefined stay as they are. */
export function updateEndpoint(
  em: Emulator,
  endpoint: WebhookEndpointRecord,
  update: Partial<
    Pick<WebhookEndpointRecord, "url" | "enabledEvents" | "description" | "metadata" | "disabled">
  >,
) {
  if (update.url) endpoint.url = update.url;
  if (update.enabledEvents !== undefined) endpoint.enabledEvents = update.enabledEvents;
  if (update.description !== undefined) endpoint.description = update.description;
  if (update.metadata !== undefined)
    endpoint.metadata = { ...endpoint.metadata, ...update.metadata };
  if (update.disabled !== undefined) endpoint.disabled = update.disabled;
  em.store.save();
  return endpoint;
}
