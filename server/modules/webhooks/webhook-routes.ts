import { eq } from "drizzle-orm";
import { Hono } from "hono";
import type Stripe from "stripe";
import { webhookEvents } from "../../db/schema/app";
import type { AppEnv } from "../../http/app-env";
import { AppError } from "../../lib/errors";
import type { BillingDeps } from "../billing/billing-sync";
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

export function webhookRoutes(deps: BillingDeps & { webhookSecrets: string[] }) {
  return new Hono<AppEnv>().post("/stripe", async (c) => {
    const signature = c.req.header("stripe-signature");
    if (!signature) throw new AppError("bad_request", "Missing Stripe-Signature header.");
    const rawBody = await c.req.text();
    const event = verifyEvent(deps.stripe, rawBody, signature, deps.webhookSecrets);
    if (!event) throw new AppError("bad_request", "Invalid webhook signature.");

    // Record the event; one already processed is acknowledged and skipped. One recorded but not
    // processed (a crash mid-way, or a parallel delivery) is processed: handlers are idempotent.
    await deps.db
      .insert(webhookEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing();
    const [record] = await deps.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.id, event.id));
    if (record?.processedAt) return c.json({ received: true, duplicate: true });

    try {
      const outcome = await handleStripeEvent(deps, event);
      await deps.db
        .update(webhookEvents)
        .set({ processedAt: new Date() })
        .where(eq(webhookEvents.id, event.id));
      return c.json({ received: true, outcome });
    } catch (error) {
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
