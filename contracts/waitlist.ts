import { z } from "zod";
import { customUrlSchema } from "./custom-url";
import { serviceDetailsInputSchema, storedServiceAddressSchema } from "./service-details";
import { subscriberEmailSchema, subscriberNameSchema } from "./subscribe";

// The waitlist of a full offering (issue 22): joined from the landing page, e-mailed an
// invitation holding a seat for 48 hours when one frees, managed by the creator in order.

/** POST /api/public/waitlist: the same fields the subscribe form asks, without a card. */
export const joinWaitlistSchema = z
  .object({
    customUrl: customUrlSchema,
    name: subscriberNameSchema,
    email: subscriberEmailSchema,
    ...serviceDetailsInputSchema.shape,
  })
  .strict();
export type JoinWaitlistInput = z.infer<typeof joinWaitlistSchema>;

/**
 * The same answer whether or not the address was already on the list: the page tells nobody
 * who else is waiting (nor how many).
 */
export const joinWaitlistResponseSchema = z.object({ message: z.string() });
export const WAITLIST_JOINED_MESSAGE =
  "You're on the waitlist. We'll e-mail you as soon as a spot opens, and hold it for you for 48 hours.";

/** The invitation link's secret, from the link's #invite= fragment (never sent in a URL). */
const inviteTokenSchema = z
  .string({ error: "The invitation is missing" })
  .regex(/^[A-Za-z0-9_-]{43}$/, "This invitation link is not valid");

/** POST /api/public/waitlist/invitation: what the invited customer's form starts from. */
export const readInvitationSchema = z
  .object({ customUrl: customUrlSchema, inviteToken: inviteTokenSchema })
  .strict();
const invitationSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  address: storedServiceAddressSchema.nullable(),
  /** Question id to the answer given when joining (as stored: text). */
  answers: z.record(z.string(), z.string()),
  /** Until when the seat is held (ISO 8601, on the billing clock). */
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationResponseSchema = z.object({ invitation: invitationSchema });
export const INVITATION_EXPIRED_MESSAGE =
  "This invitation has expired or was already used. You can join the waitlist again.";

const waitlistStatusSchema = z.enum(["waiting", "invited", "subscribed", "removed", "lapsed"]);

/** GET /api/offerings/{id}/waitlist: the creator's view, first come first. */
export const waitlistEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  address: storedServiceAddressSchema.nullable(),
  /** Whether the address is inside the offering's current service area (always, without one). */
  isInServiceArea: z.boolean(),
  status: waitlistStatusSchema,
  joinedAt: z.string(),
  invitedAt: z.string().nullable(),
  inviteExpiresAt: z.string().nullable(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;
export const waitlistSchema = z.object({
  /** Waiting and invited people, in order; then the last 50 who left it (subscribed, removed, lapsed). */
  entries: z.array(waitlistEntrySchema),
  /** Seats free to offer now (null: no capacity limit). */
  freeSeats: z.number().int().nullable(),
});
export type Waitlist = z.infer<typeof waitlistSchema>;

/** "Invite now" when every seat is taken or held. */
export const NO_FREE_SEAT_MESSAGE =
  "Every seat is taken or held. Raise the capacity, or wait for a seat to free, to invite them now.";
