import { z } from "zod";
import { customUrlSchema } from "./custom-url";
import { subscriberEmailSchema } from "./subscribe";

const subscriberStatusSchema = z.enum(["active", "past_due", "cancelled"]);

export const customerPortalSchema = z.object({
  offering: z.object({
    title: z.string(),
    description: z.string(),
    customUrl: z.string(),
  }),
  subscriber: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    paymentStatus: subscriberStatusSchema,
    createdAt: z.string(),
    /** What this subscriber pays: their own price, which a later price edit doesn't change. */
    priceCents: z.number().int(),
    hasPaymentAccount: z.boolean(),
  }),
});
export type CustomerPortal = z.infer<typeof customerPortalSchema>;

const subscriberRef = {
  customUrl: customUrlSchema,
  subscriberId: z.uuid("subscriberId is not valid"),
};

export const updateSubscriberEmailSchema = z.object({ email: subscriberEmailSchema }).strict();

export const billingPortalRequestSchema = z
  .object({ ...subscriberRef, returnUrl: z.url("returnUrl must be a URL") })
  .strict();

export const cancelSubscriptionRequestSchema = z.object(subscriberRef).strict();
