import type { SwitchRequest } from "@contracts/subscription-control";
import { usePortalControl } from "./portal-control";
import type { SubscriberRef } from "./subscriber-ref";

/** "Switch plan", as previewed: the preview's proration date makes the charge the same. */
export const useSwitchOffering = (ref: SubscriberRef) =>
  usePortalControl<SwitchRequest>(ref, "switch");
