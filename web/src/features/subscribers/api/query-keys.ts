import type { SubscriberFilter } from "@contracts/subscribers";

/** The Subscribers tab's cache keys; a cancel invalidates everything under `subscribersQueryKey`. */
export const subscribersQueryKey = ["subscribers"] as const;
export const subscriberListQueryKey = (filter: SubscriberFilter) =>
  [...subscribersQueryKey, "list", filter] as const;
export const subscriberQueryKey = (id: string) => [...subscribersQueryKey, "detail", id] as const;
export const subscriberPaymentsQueryKey = (id: string) =>
  [...subscribersQueryKey, "payments", id] as const;
