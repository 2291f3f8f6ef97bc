import { urlResponseSchema } from "@contracts/connect";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** The Express dashboard's one-time URL; the server answers 409 until onboarding is complete. */
export function createLoginLink() {
  return apiRequest("/api/connect/login-link", {
    method: "POST",
    body: {},
    schema: urlResponseSchema,
  });
}

export function useCreateLoginLink() {
  return useMutation({ mutationFn: createLoginLink });
}
