import { z } from "zod";

const connectAccountSchema = z.object({
  stripeAccountId: z.string(),
  chargesEnabled: z.boolean(),
  payoutsEnabled: z.boolean(),
  detailsSubmitted: z.boolean(),
  onboardingCompleted: z.boolean(),
  /** requirements.currently_due from Stripe, raw ids like "individual.first_name". */
  currentlyDue: z.array(z.string()),
});
export type ConnectAccount = z.infer<typeof connectAccountSchema>;

export const connectStatusSchema = z.object({ account: connectAccountSchema.nullable() });
export type ConnectStatus = z.infer<typeof connectStatusSchema>;

export const urlResponseSchema = z.object({ url: z.string() });
export const clientSecretResponseSchema = z.object({ clientSecret: z.string() });

export const accountLinkRequestSchema = z
  .object({ purpose: z.enum(["dashboard", "embedded"]).default("dashboard") })
  .strict();

/** The connect POSTs that take nothing: an empty JSON object, no fields. */
export const noFieldsRequestSchema = z.object({}).strict();
