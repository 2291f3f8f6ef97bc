import { useMutation } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (confirmUserId: string) =>
      apiRequest("/api/account", {
        method: "DELETE",
        body: { confirmUserId },
        schema: z.object({ ok: z.literal(true) }),
      }),
  });
}
