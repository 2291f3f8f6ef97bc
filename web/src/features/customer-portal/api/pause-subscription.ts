import type { PauseRequest } from "@contracts/subscription-control";
import { usePortalControl } from "./portal-control";
import type { SubscriberRef } from "./subscriber-ref";

/** "Pause" or "Skip the next visit" (a pause of one period): no charge until it ends. */
export const usePauseSubscription = (ref: SubscriberRef) =>
  usePortalControl<PauseRequest>(ref, "pause");
