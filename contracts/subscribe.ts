import { z } from "zod";

const customUrl = z.string().trim().min(1, "customUrl is required").max(200);

export const subscriberNameSchema = z
  .string({ error: "Full Name is required" })
  .trim()
  .min(1, "Full Name is required")
  .max(120, "Full Name must be at most 120 characters");

export const subscriberEmailSchema = z
  .string({ error: "Email Address is required" })
  .trim()
  .min(1, "Email Address is required")
  .max(254, "Email Address is too long")
  .pipe(z.email("Enter a valid email address"));

export const subscriberInfoSchema = z.object({
  name: subscriberNameSchema,
  email: subscriberEmailSchema,
});
export type SubscriberInfo = z.infer<typeof subscriberInfoSchema>;

export const startSubscriptionSchema = z
  .object({
    customUrl,
    /** A fresh UUID per attempt: a double click or retry with it never subscribes twice. */
    attemptId: z.uuid("attemptId must be a UUID"),
    name: subscriberNameSchema,
    email: subscriberEmailSchema,
    paymentMethodId: z
      .string()
      .trim()
      .regex(/^pm_[A-Za-z0-9_]+$/, "paymentMethodId is not valid"),
  })
  .strict();
export type StartSubscriptionInput = z.infer<typeof startSubscriptionSchema>;

export const startSubscriptionResponseSchema = z.object({
  subscriptionId: z.string(),
  /** The first payment's client secret, for Stripe.js to confirm (3-D Secure when asked). */
  clientSecret: z.string().nullable(),
});

export const finalizeSubscriptionSchema = z
  .object({
    customUrl,
    subscriptionId: z
      .string()
      .trim()
      .regex(/^sub_[A-Za-z0-9_]+$/, "subscriptionId is not valid"),
  })
  .strict();

export const finalizeSubscriptionResponseSchema = z.object({ subscriberId: z.string() });

export const checkoutRequestSchema = z.object({ customUrl }).strict();
export const checkoutResponseSchema = z.object({ url: z.string() });

/**
 * Said when the card was confirmed but the subscription could not be recorded yet: another
 * attempt would charge twice. The webhooks record it once Stripe answers again.
 */
export const PAYMENT_UNCONFIRMED_MESSAGE =
  "We couldn't confirm your subscription just now. Please don't pay again: if your payment went through, you'll get a confirmation e-mail within a few minutes.";
