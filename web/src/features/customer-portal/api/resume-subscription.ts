import { usePortalControl } from "./portal-control";
import type { SubscriberRef } from "./subscriber-ref";

/** "Resume subscription": the end set for the period's end is cleared at Stripe. */
export const useResumeSubscription = (ref: SubscriberRef) =>
  usePortalControl<Record<string, never>>(ref, "resume");
