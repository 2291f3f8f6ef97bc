import { z } from "zod";

export const overviewSchema = z.object({
  monthlyRevenueCents: z.number().int(),
  activeOfferingCount: z.number().int(),
  totalSubscribers: z.number().int(),
  /** First subscription's creator name, for the "{first name}'s Dashboard" title. */
  firstOfferingCreatorName: z.string().nullable(),
});
export type Overview = z.infer<typeof overviewSchema>;

export const offeringPerformanceSchema = z.object({
  id: z.string(),
  title: z.string(),
  priceCents: z.number().int(),
  isActive: z.boolean(),
  subscriberCount: z.number().int(),
  revenueCents: z.number().int(),
});

export const recentSubscriberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  offeringTitle: z.string(),
  paymentStatus: z.enum(["active", "past_due", "cancelled"]),
  createdAt: z.string(),
});

export const growthPointSchema = z.object({
  /** First day of the month, YYYY-MM-01. */
  month: z.string(),
  newSubscribers: z.number().int(),
  totalSubscribers: z.number().int(),
  grossRevenueCents: z.number().int(),
});

export const analyticsSchema = z.object({
  monthlyRevenueCents: z.number().int(),
  projectedAnnualRevenueCents: z.number().int(),
  totalSubscribers: z.number().int(),
  newThisMonth: z.number().int(),
  offerings: z.array(offeringPerformanceSchema),
  recentSubscribers: z.array(recentSubscriberSchema),
  growth: z.array(growthPointSchema),
});
export type Analytics = z.infer<typeof analyticsSchema>;

export const earningSchema = z.object({
  id: z.string(),
  offeringTitle: z.string(),
  subscriberName: z.string(),
  subscriberEmail: z.string(),
  paymentDate: z.string(),
  grossCents: z.number().int(),
  feePercent: z.number(),
  feeCents: z.number().int(),
  netCents: z.number().int(),
});

export const earningsSchema = z.object({
  availableBalanceCents: z.number().int(),
  pendingBalanceCents: z.number().int(),
  totalNetEarningsCents: z.number().int(),
  totalPayments: z.number().int(),
  totalPlatformFeesCents: z.number().int(),
  recent: z.array(earningSchema),
});
export type Earnings = z.infer<typeof earningsSchema>;

export const deleteAccountSchema = z.object({ confirmUserId: z.string() }).strict();
