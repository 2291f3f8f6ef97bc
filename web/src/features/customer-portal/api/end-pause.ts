import { usePortalControl } from "./portal-control";
import type { SubscriberRef } from "./subscriber-ref";

/** "Resume now": the pause ends, and the next renewal is charged. */
export const useEndPause = (ref: SubscriberRef) =>
  usePortalControl<Record<string, never>>(ref, "pause/end");
