import type { CompleteOnboardingInput } from "@contracts/onboarding-options";
import { useMutation } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";

export function useCompleteOnboarding(onCompleted: () => unknown) {
  return useMutation({
    mutationFn: (input: CompleteOnboardingInput) =>
      apiRequest("/api/onboarding/complete", {
        method: "POST",
        body: input,
        schema: z.object({ ok: z.literal(true) }),
      }),
    onSuccess: () => onCompleted(),
  });
}
