import { z } from "zod";
import { subscriberEmailSchema } from "./subscribe";

export const subscriberStatusSchema = z.enum(["active", "past_due", "cancelled"]);

export const customerPortalSchema = z.object({
  offering: z.object({
    title: z.string(),
    description: z.string(),
    priceCents: z.number().int(),
    customUrl: z.string(),
  }),
  subscriber: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    paymentStatus: subscriberStatusSchema,
    createdAt: z.string(),
    hasPaymentAccount: z.boolean(),
  }),
});
export type CustomerPortal = z.infer<typeof customerPortalSchema>;

const subscriberRef = {
  customUrl: z.string().trim().min(1, "customUrl is required").max(200),
  subscriberId: z.uuid("subscriberId is not valid"),
};

export const updateSubscriberEmailSchema = z.object({ email: subscriberEmailSchema }).strict();

export const billingPortalRequestSchema = z
  .object({ ...subscriberRef, returnUrl: z.url("returnUrl must be a URL") })
  .strict();

export const cancelSubscriptionRequestSchema = z.object(subscriberRef).strict();
