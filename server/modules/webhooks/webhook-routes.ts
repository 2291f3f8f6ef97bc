import type Stripe from "stripe";
import { declaredRouter } from "../../http/declared-router";
import type { Metrics } from "../../integrations/metrics/metrics";
import { AppError } from "../../lib/errors";
import type { BillingDeps } from "../billing/billing-sync";
import { stripeWebhookRoute } from "./webhook-api";
import { markWebhookEventProcessed, recordWebhookEvent } from "./webhook-event-repository";
import { handleStripeEvent } from "./webhook-handler";

/** Tries each endpoint secret (platform and Connect); the SDK verifies on the raw body. */
function verifyEvent(stripe: Stripe, rawBody: string, signature: string, secrets: string[]) {
  for (const secret of secrets) {
    try {
      return stripe.webhooks.constructEvent(rawBody, signature, secret);
    } catch {
      // try the next secret
    }
  }
  return null;
}

export function webhookRoutes(deps: BillingDeps & { webhookSecrets: string[]; metrics: Metrics }) {
  const count = (type: string, outcome: string) =>
    deps.metrics.webhookEvents.inc({ type, outcome });
  // The body is declared for the document only (webhook-api.ts): nothing parses it before this.
  return declaredRouter().openapi(stripeWebhookRoute, async (c) => {
    const signature = c.req.header("stripe-signature");
    if (!signature) throw new AppError("bad_request", "Missing Stripe-Signature header.");
    const rawBody = await c.req.text();
    const event = verifyEvent(deps.stripe, rawBody, signature, deps.webhookSecrets);
    if (!event) throw new AppError("bad_request", "Invalid webhook signature.");
    count(event.type, "received");

    // An event already processed is acknowledged and skipped.
    const { isProcessed } = await recordWebhookEvent(deps.db, event);
    if (isProcessed) {
      count(event.type, "duplicate");
      return c.json({ received: true, duplicate: true } as const, 200);
    }

    try {
      const outcome = await handleStripeEvent(deps, event);
      await markWebhookEventProcessed(deps.db, event.id);
      count(event.type, "processed");
      return c.json({ received: true as const, outcome }, 200);
    } catch (error) {
      count(event.type, "failed");
      deps.logger.error(
        { err: error, eventId: event.id, type: event.type },
        "webhook handling failed",
      );
      throw new AppError(
        "payment_provider_error",
        "The event could not be processed; retry later.",
      );
    }
  });
}
