import { z } from "zod";
import { customUrlSchema as customUrl } from "./custom-url";
import { serviceDetailsInputSchema } from "./service-details";
import { singleLineText } from "./text";

export const subscriberNameSchema = singleLineText({ label: "Full Name", max: 120 });

export const subscriberEmailSchema = z
  .string({ error: "Email Address is required" })
  .trim()
  .min(1, "Email Address is required")
  .max(254, "Email Address is too long")
  .pipe(z.email("Enter a valid email address"));

/**
 * The code applied in "Have a code?", checked on the server against the offering's creator's
 * codes (contracts/promotions.ts). Left out when there is none; sent empty, it is a mistake.
 */
const promoCodeInputSchema = z
  .string({ error: "promoCode must be text" })
  .trim()
  .min(1, "Enter a code, or leave it out")
  .max(200, "Code is too long")
  .optional();

export const subscriberInfoSchema = z.object({
  name: subscriberNameSchema,
  email: subscriberEmailSchema,
});
export type SubscriberInfo = z.infer<typeof subscriberInfoSchema>;

/**
 * Issue 22: the service address and phone (on-site offerings), the answers to the offering's
 * questions, and the waitlist invitation being used, if any. Checked on the server against
 * the offering before anything is created in Stripe.
 */
const serviceDetailsInput = {
  ...serviceDetailsInputSchema.shape,
  /** The secret from a waitlist invitation's link: its held seat is this sign-up's. */
  inviteToken: z
    .string({ error: "inviteToken must be text" })
    .regex(/^[A-Za-z0-9_-]{43}$/, "This invitation link is not valid")
    .optional(),
};

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
    /**
     * Subscribe without the offering's free trial: what the modal sends after it was told
     * this customer already had one with the business (a 409 with code trial_used).
     */
    withoutTrial: z.boolean({ error: "withoutTrial must be true or false" }).optional(),
    promoCode: promoCodeInputSchema,
    ...serviceDetailsInput,
  })
  .strict();
export type StartSubscriptionInput = z.infer<typeof startSubscriptionSchema>;

/** A free ($0.00) offering: no card, and the subscriber is recorded at once. */
export const startFreeSubscriptionSchema = z
  .object({
    customUrl,
    /** A fresh UUID per attempt, kept for its retries: a retry never subscribes twice. */
    attemptId: z.uuid("attemptId must be a UUID"),
    name: subscriberNameSchema,
    email: subscriberEmailSchema,
    ...serviceDetailsInput,
  })
  .strict();
export type StartFreeSubscriptionInput = z.infer<typeof startFreeSubscriptionSchema>;

/** The new subscriber, and the key of their self-service link (ADR 022), to store and open. */
const subscribedResponseSchema = z.object({ subscriberId: z.string(), manageKey: z.string() });

export const startFreeSubscriptionResponseSchema = subscribedResponseSchema;

export const startSubscriptionResponseSchema = z.object({
  subscriptionId: z.string(),
  /**
   * What Stripe.js confirms (3-D Secure when asked): the first payment's PaymentIntent, or,
   * when a free trial comes first and nothing is charged yet, the SetupIntent that saves the
   * card for the first charge.
   */
  confirm: z.enum(["payment", "setup"]),
  clientSecret: z.string().nullable(),
  /** Proves to finalize that this caller started the attempt (its answer holds the manage key). */
  finalizeToken: z.string(),
});

export const finalizeSubscriptionSchema = z
  .object({
    customUrl,
    subscriptionId: z
      .string()
      .trim()
      .regex(/^sub_[A-Za-z0-9_]+$/, "subscriptionId is not valid"),
    /** From the start response: only the caller that started the attempt may finalize it. */
    finalizeToken: z
      .string({ error: "finalizeToken is required" })
      .regex(/^[A-Za-z0-9_-]{43}$/, "finalizeToken is not valid"),
  })
  .strict();

export const finalizeSubscriptionResponseSchema = subscribedResponseSchema;

/** Step 1's name and e-mail go along, so the Checkout page starts from them (no retyping). */
export const checkoutRequestSchema = z
  .object({
    customUrl,
    name: subscriberNameSchema,
    email: subscriberEmailSchema,
    promoCode: promoCodeInputSchema,
    ...serviceDetailsInput,
  })
  .strict();
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;
export const checkoutResponseSchema = z.object({ url: z.string() });

/**
 * Said when the card was confirmed but the subscription could not be recorded yet: another
 * attempt would charge twice. The webhooks record it once Stripe answers again.
 */
export const PAYMENT_UNCONFIRMED_MESSAGE =
  "We couldn't confirm your subscription just now. Please don't pay again: if your payment went through, you'll get a confirmation e-mail within a few minutes.";
