import { sharedQueryKeys } from "@/lib/query-keys";

/**
 * The dashboard's own cache keys, so a mutation can name exactly what it changes. Everything
 * under `sharedQueryKeys.dashboard` is a figure derived from offerings and subscribers.
 */
export const overviewQueryKey = [...sharedQueryKeys.dashboard, "overview"] as const;
export const analyticsQueryKey = [...sharedQueryKeys.dashboard, "analytics"] as const;
export const earningsQueryKey = [...sharedQueryKeys.dashboard, "earnings"] as const;
export const liveSubscriberCountQueryKey = (offeringId: string) =>
  [...sharedQueryKeys.offerings, offeringId, "live-subscribers"] as const;
