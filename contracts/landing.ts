import { z } from "zod";
import { cadenceSchema } from "./cadence";
import { questionSchema } from "./service-details";

/** What anyone may see of an active offering: its public landing page. */
const publicOfferingSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  priceCents: z.number().int(),
  cadence: cadenceSchema,
  /** Free days before the first charge for a new subscriber; 0 for none. */
  trialDays: z.number().int(),
  customUrl: z.string(),
  category: z.string(),
  subcategory: z.string(),
  creatorName: z.string().nullable(),
  creatorEmail: z.string().nullable(),
  /**
   * Stripe has enabled charges on the creator's account. Until it does (a creator may finish
   * payment setup later, ADR 024) the page says so and offers no Subscribe button.
   */
  isAcceptingSubscriptions: z.boolean(),
  /** The service is at the customer's address: the form asks for it and a phone (issue 22). */
  onSite: z.boolean(),
  /** Postal codes (or their first characters) it serves; empty: anywhere. */
  serviceArea: z.array(z.string()),
  /** Asked after name and e-mail, in order. */
  questions: z.array(questionSchema),
  /** Every seat is taken or held: the page offers the waitlist instead (never a count). */
  isFull: z.boolean(),
});
export type PublicOffering = z.infer<typeof publicOfferingSchema>;

/** GET /api/public/offerings/{customUrl}. */
export const publicOfferingResponseSchema = z.object({ offering: publicOfferingSchema });

/** The API's 409 and the landing page, while the creator's charges aren't enabled (ADR 024). */
export const NOT_ACCEPTING_SUBSCRIPTIONS_MESSAGE =
  "This business isn't taking subscriptions yet: it is still finishing its payment setup. Please check back soon.";

/** The landing page and the API's 409 (code offering_full) when every seat is taken or held. */
export const OFFERING_FULL_MESSAGE =
  "This subscription is full right now. Join the waitlist and we'll e-mail you when a spot opens.";
