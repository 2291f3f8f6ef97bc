import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { customerPortalPath, type SubscriberRef } from "./subscriber-ref";

/** What a switch would charge now and from the next renewal: Stripe's own preview. */
async function previewSwitch(ref: SubscriberRef, offeringId: string) {
  const { switchPreviewSchema } = await import("../lib/portal-rules");
  return apiRequest(`${customerPortalPath(ref)}/switch/preview`, {
    method: "POST",
    body: { offeringId },
    schema: switchPreviewSchema,
  });
}

export function usePreviewSwitch(ref: SubscriberRef) {
  return useMutation({ mutationFn: (offeringId: string) => previewSwitch(ref, offeringId) });
}
