import { z } from "zod";

/** Metadata we put on every Stripe subscription we create, so webhooks can find their way back. */
export const SUBSCRIPTION_METADATA = {
  offeringId: "regulars_offering_id",
  /** The promo code the customer signed up with (our id; the discount itself is Stripe's). */
  promoCodeId: "regulars_promo_code_id",
  subscriberName: "regulars_subscriber_name",
  subscriberEmail: "regulars_subscriber_email",
  /** The sign-up (issue 22) whose address, answers and seat the subscriber takes over. */
  signupId: "regulars_signup_id",
} as const;

const uuidSchema = z.uuid();

/**
 * Metadata is ours, but anything in it that isn't a UUID can't name one of our rows (and would
 * be a database error on every retry of a webhook).
 */
export const isUuid = (value: string | undefined): value is string =>
  uuidSchema.safeParse(value).success;
