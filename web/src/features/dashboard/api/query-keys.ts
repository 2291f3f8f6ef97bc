/**
 * The dashboard's cache keys in one place, so a mutation can name exactly what it changes.
 * Everything under `dashboardQueryKey` is a figure derived from offerings and subscribers.
 */
export const offeringsQueryKey = ["offerings"] as const;
export const dashboardQueryKey = ["dashboard"] as const;
export const overviewQueryKey = [...dashboardQueryKey, "overview"] as const;
export const analyticsQueryKey = [...dashboardQueryKey, "analytics"] as const;
export const earningsQueryKey = [...dashboardQueryKey, "earnings"] as const;
export const liveSubscriberCountQueryKey = (offeringId: string) =>
  [...offeringsQueryKey, offeringId, "live-subscribers"] as const;
