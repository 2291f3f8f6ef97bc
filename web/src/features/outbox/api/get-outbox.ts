import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";

const outboxSchema = z.object({
  messages: z.array(
    z.object({
      id: z.string(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      createdAt: z.string(),
      sentAt: z.string().nullable(),
    }),
  ),
});

export function useOutbox() {
  return useQuery({
    queryKey: ["outbox"],
    queryFn: () => apiRequest("/api/dev/outbox", { schema: outboxSchema }),
    retry: false,
  });
}
