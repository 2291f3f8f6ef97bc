import { z } from "zod";

export const meSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    createdAt: z.string(),
    /** Two-factor authentication can be turned on only once this is true. */
    emailVerified: z.boolean(),
    twoFactorEnabled: z.boolean(),
  }),
  profile: z
    .object({
      businessName: z.string(),
      businessType: z.string(),
      monthlyRevenue: z.string(),
      goals: z.array(z.string()),
      onboardingCompleted: z.boolean(),
    })
    .nullable(),
});
export type Me = z.infer<typeof meSchema>;
