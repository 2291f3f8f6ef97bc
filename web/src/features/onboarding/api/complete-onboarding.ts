import type { CompleteOnboardingInput } from "@contracts/onboarding-options";
import { useMutation } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";

/** Saves the business profile and marks onboarding complete (the server upserts user_profiles). */
function completeOnboarding(input: CompleteOnboardingInput) {
  return apiRequest("/api/onboarding/complete", {
    method: "POST",
    body: input,
    schema: z.object({ ok: z.literal(true) }),
  });
}

/**
 * `onCompleted` is where the app re-reads "me" and goes on to the dashboard: where the wizard
 * leads is the app's routing, not the feature's.
 */
export function useCompleteOnboarding(onCompleted: () => unknown) {
  return useMutation({
    mutationFn: completeOnboarding,
    // Returned, so "Completing..." lasts until the app has re-read who the creator is.
    onSuccess: () => onCompleted(),
  });
}
