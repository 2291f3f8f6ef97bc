import type { Obj } from "../core/billing";
import { advanceClock } from "../core/clock";
import type { Route } from "../core/context";
import { invalid } from "../core/errors";
import {
  optionalArray,
  optionalBool,
  optionalInt,
  optionalString,
  requiredString,
} from "../core/params";
import { newId } from "../core/state";
import { requireObject } from "./catalogue";

function clockView(frozenTime: number, id = "clock_emulator", name: string | null = null) {
  return {
    id,
    object: "test_helpers.test_clock",
    created: frozenTime,
    deletes_after: frozenTime + 30 * 86400,
    frozen_time: frozenTime,
    livemode: false,
    name,
    status: "ready",
    status_details: {},
  };
}

export const platformRoutes: Route[] = [
  {
    method: "POST",
    pattern: /^\/v1\/webhook_endpoints$/,
    allowed: ["url", "enabled_events", "connect", "api_version", "description", "metadata"],
    handle(em, { params }) {
      const endpoint = {
        id: newId("we"),
        url: requiredString(params, "url"),
        secret: `whsec_${newId("x").slice(2)}${newId("x").slice(2)}`,
        connect: optionalBool(params, "connect") ?? false,
        enabledEvents: (optionalArray(params, "enabled_events") ?? ["*"]).map(String),
      };
      // Emulator convenience: re-registering a URL (an app restarting) replaces its endpoint
      // instead of piling up endpoints whose old secrets no longer verify.
      const replaced = em.store.state.webhookEndpoints.filter(
        (e) => e.url === endpoint.url && e.connect === endpoint.connect,
      );
      em.store.state.webhookEndpoints = em.store.state.webhookEndpoints.filter(
        (e) => !replaced.includes(e),
      );
      em.store.state.webhookEndpoints.push(endpoint);
      // Events still owed to the old endpoint go to its replacement, signed with the new secret.
      em.webhooks.reassign(
        replaced.map((e) => e.id),
        endpoint.id,
      );
      em.store.save();
      return {
        id: endpoint.id,
        object: "webhook_endpoint",
        api_version: optionalString(params, "api_version") ?? "2025-07-30.basil",
        application: null,
        created: em.store.now(),
        description: null,
        enabled_events: endpoint.enabledEvents,
        livemode: false,
        metadata: {},
        secret: endpoint.secret,
        status: "enabled",
        url: endpoint.url,
      };
    },
  },
  {
    method: "GET",
    pattern: /^\/v1\/events\/(evt_\w+)$/,
    allowed: ["expand"],
    handle: (em, _req, match) => requireObject(em, match[1]!, "event"),
  },
  {
    method: "GET",
    pattern: /^\/v1\/events$/,
    allowed: ["type", "limit", "starting_after", "ending_before", "created", "expand"],
    handle(em, { params }) {
      const type = optionalString(params, "type");
      return em.store.list<Obj>("event", (e) => !type || e.type === type);
    },
  },
  {
    // One emulator-wide clock stands in for every test clock.
    method: "POST",
    pattern: /^\/v1\/test_helpers\/test_clocks$/,
    allowed: ["frozen_time", "name"],
    handle(em, { params }) {
      const frozen = optionalInt(params, "frozen_time") ?? em.store.now();
      if (frozen > em.store.now()) advanceClock(em, frozen - em.store.now());
      return clockView(em.store.now(), newId("clock"), optionalString(params, "name") ?? null);
    },
  },
  {
    method: "POST",
    pattern: /^\/v1\/test_helpers\/test_clocks\/(clock_\w+)\/advance$/,
    allowed: ["frozen_time"],
    handle(em, { params }, match) {
      const target = optionalInt(params, "frozen_time");
      if (target === undefined)
        throw invalid("frozen_time", "Missing required param: frozen_time.");
      if (target <= em.store.now())
        throw invalid("frozen_time", "The test clock can only be advanced forward in time.");
      advanceClock(em, target - em.store.now());
      return clockView(em.store.now(), match[1]!);
    },
  },
  {
    method: "GET",
    pattern: /^\/v1\/test_helpers\/test_clocks\/(clock_\w+)$/,
    allowed: [],
    handle: (em, _req, match) => clockView(em.store.now(), match[1]!),
  },
];
