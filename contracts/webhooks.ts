import { z } from "zod";

/**
 * What a Stripe webhook delivery gets back: processed (or ignored, a kind we don't act on), or
 * acknowledged as a duplicate of an event already processed.
 */
export const webhookReceiptSchema = z.union([
  z.object({ received: z.literal(true), outcome: z.enum(["handled", "ignored"]) }),
  z.object({ received: z.literal(true), duplicate: z.literal(true) }),
]);
