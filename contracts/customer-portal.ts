import { z } from "zod";
import { cadenceSchema } from "./cadence";
import { customUrlSchema } from "./custom-url";
import { subscriberDiscountSchema } from "./promotions";
import { phoneSchema, serviceAddressSchema, storedServiceAddressSchema } from "./service-details";
import { subscriberEmailSchema } from "./subscribe";
import { portalControlsSchema } from "./subscription-control";

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
    /** An e-mail change waiting for the new address to confirm it; the e-mail is unchanged. */
    pendingEmail: z.string().nullable(),
    paymentStatus: subscriberStatusSchema,
    createdAt: z.string(),
    /** What this subscriber pays: their own price, which a later price edit doesn't change. */
    priceCents: z.number().int(),
    /** How often they pay it: their own cadence, which a later edit doesn't change either. */
    cadence: cadenceSchema,
    /** While the free trial runs: when it ends and the first charge is made. */
    trialEndsAt: z.string().nullable(),
    /** The promo code's discount, while it lasts. */
    discount: subscriberDiscountSchema.nullable(),
    hasPaymentAccount: z.boolean(),
    /** Where the service happens, for on-site offerings (issue 22); they can change it. */
    phone: z.string().nullable(),
    address: storedServiceAddressSchema.nullable(),
  }),
  /** The offering's on-site setting and area: a new address must be inside it. */
  service: z.object({ onSite: z.boolean(), serviceArea: z.array(z.string()) }),
  /** Cancel at the period's end, pause, switch: the state and what can be done now. */
  controls: portalControlsSchema,
});
export type CustomerPortal = z.infer<typeof customerPortalSchema>;

/**
 * A self-service link's key: the subscriber's manage key (ADR 022), not their id. It can be
 * replaced, which ends every link made with the old one.
 */
const manageKeySchema = z.uuid("manageKey is not valid");

const subscriberRef = {
  customUrl: customUrlSchema,
  manageKey: manageKeySchema,
};

export const updateSubscriberEmailSchema = z.object({ email: subscriberEmailSchema }).strict();

/** Nothing changes until the new address confirms: the answer names what is waiting. */
export const updateSubscriberEmailResponseSchema = z.object({ pendingEmail: z.string() });
export type UpdateSubscriberEmailResponse = z.infer<typeof updateSubscriberEmailResponseSchema>;

/** "Get a New Link" takes nothing but the link it is asked from: an empty JSON object. */
export const newManageLinkRequestSchema = z.object({}).strict();

/** "Get a New Link": the page moves to the address with this key; the old one stops working. */
export const newManageLinkResponseSchema = z.object({ manageKey: z.string() });

export const billingPortalRequestSchema = z
  .object({ ...subscriberRef, returnUrl: z.url("returnUrl must be a URL") })
  .strict();

export const cancelSubscriptionRequestSchema = z.object(subscriberRef).strict();

/** How long a pending e-mail change can be confirmed from the link sent to the new address. */
export const EMAIL_CHANGE_CONFIRM_HOURS = 24;

/** The token from a confirm or undo link (32 random bytes, base64url). */
export const emailChangeTokenRequestSchema = z
  .object({
    token: z
      .string({ error: "token is required" })
      .regex(
        /^[A-Za-z0-9_-]{43}$/,
        "This link is not complete. Copy the whole link from the e-mail.",
      ),
  })
  .strict();

/** After a confirmed change or an undo: where the subscription is managed from now on. */
export const emailChangeOutcomeSchema = z.object({
  offeringTitle: z.string(),
  email: z.string(),
  customUrl: z.string(),
  manageKey: z.string(),
});
export type EmailChangeOutcome = z.infer<typeof emailChangeOutcomeSchema>;

/** "Update payment method": the Stripe billing portal page to send the customer to. */
export const billingPortalResponseSchema = z.object({ url: z.string() });

/**
 * The subscription is set to end at its paid period's end (ISO 8601 `endsAt`), or, with
 * nothing paid ahead (past due, free, still completing), has ended now (`endsAt` null).
 */
export const cancelSubscriptionResponseSchema = z.object({
  ok: z.literal(true),
  endsAt: z.string().nullable(),
});

/** PUT /api/public/customers/{customUrl}/{manageKey}/address: the service address and phone. */
export const updateServiceAddressSchema = z
  .object({ address: serviceAddressSchema, phone: phoneSchema })
  .strict();
export type UpdateServiceAddressInput = z.infer<typeof updateServiceAddressSchema>;
export const updateServiceAddressResponseSchema = z.object({
  address: storedServiceAddressSchema,
  phone: z.string(),
});
