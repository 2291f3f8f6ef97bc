import { webhookReceiptSchema } from "../../../contracts/webhooks";
import { declareRoute, errorResponses, jsonResponse } from "../../http/route-declaration";

export const stripeWebhookRoute = declareRoute({
  method: "post",
  path: "/api/webhooks/stripe",
  summary: "Stripe's event deliveries (platform and Connect endpoints)",
  description:
    "Checked against each endpoint's signing secret over the exact bytes received; an event already processed is acknowledged and skipped. A 502 asks Stripe to retry later.",
  tags: ["webhooks"],
  access: "webhook",
  limit: {
    exempt:
      "Stripe's own deliveries, from Stripe's addresses, in bursts: a limit would make Stripe retry and delay billing. Each request is checked against the endpoint's signing secret before anything else runs.",
  },
  parameters: [
    {
      in: "header",
      name: "Stripe-Signature",
      required: true,
      description: "Stripe's signature of the body; without a valid one the answer is a 400.",
      schema: { type: "string" },
    },
  ],
  request: {
    // A plain JSON Schema, not a zod one: the document shows it, but no validator parses the
    // body, which the handler reads raw so the signature is checked over the exact bytes.
    body: {
      required: true,
      content: {
        "application/json": {
          schema: { type: "object", description: "A Stripe Event object." },
        },
      },
    },
  },
  responses: {
    200: jsonResponse(webhookReceiptSchema, "Received: processed, ignored, or a duplicate"),
    ...errorResponses(
      [400, "No Stripe-Signature header, or a signature no endpoint secret verifies."],
      [502, "The event could not be processed; Stripe retries it later."],
    ),
  },
});

export const webhookApi = [stripeWebhookRoute];
