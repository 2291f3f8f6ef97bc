import { z } from "zod";
import { healthResponseSchema, readyResponseSchema } from "../../../contracts/health";
import { declareRoute, errorResponses, jsonResponse } from "../../http/route-declaration";

export const healthRoute = declareRoute({
  method: "get",
  path: "/api/health",
  summary: "Liveness: whether this instance's database answers",
  tags: ["health"],
  access: "public",
  limit: {
    exempt:
      "The load balancer's probe: a 429 would take a healthy instance out of rotation. It costs one `select 1`.",
  },
  responses: {
    200: jsonResponse(healthResponseSchema, "Alive"),
    503: jsonResponse(healthResponseSchema, "The database is unreachable"),
  },
});

export const readyRoute = declareRoute({
  method: "get",
  path: "/api/ready",
  summary: "Readiness: whether this instance should get traffic (database, job queue, Stripe)",
  description: "503 as soon as shutdown begins, so the load balancer drains the instance first.",
  tags: ["health"],
  access: "public",
  limit: {
    exempt:
      "The load balancer's readiness probe, like /api/health; it asks Stripe at most every 30 s whoever calls.",
  },
  responses: {
    200: jsonResponse(readyResponseSchema, "Ready"),
    503: jsonResponse(readyResponseSchema, "Not ready, or shutting down"),
  },
});

export const metricsRoute = declareRoute({
  method: "get",
  path: "/metrics",
  summary: "Prometheus metrics, for a scraper holding METRICS_TOKEN",
  description:
    "Send `Authorization: Bearer <METRICS_TOKEN>`; the handler compares it in constant time. Without a token configured the endpoint doesn't exist (404).",
  tags: ["health"],
  // Not a stranger's route: the handler checks the scraper's token, as a webhook's signature.
  access: "webhook",
  limit: {
    exempt:
      "Answers only a scraper holding METRICS_TOKEN (a constant-time compare) and does not exist without one.",
  },
  responses: {
    200: {
      description: "The metrics in Prometheus's text format",
      content: { "text/plain": { schema: z.string() } },
    },
    ...errorResponses(
      [401, "No token, or not the configured METRICS_TOKEN."],
      [404, "No METRICS_TOKEN is configured: the endpoint doesn't exist."],
    ),
  },
});

export const healthApi = [healthRoute, readyRoute, metricsRoute];
