import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { ApiError, apiRequest } from "@/lib/api-client";

const outboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

const outboxSchema = z.object({ messages: z.array(outboxMessageSchema) });

function getOutbox() {
  return apiRequest("/api/dev/outbox", { schema: outboxSchema });
}

const outboxQueryOptions = () =>
  queryOptions({ queryKey: ["outbox"], queryFn: getOutbox, retry: false });

export function useOutbox() {
  return useQuery(outboxQueryOptions());
}

/** The server mounts the outbox only in emulator mode; elsewhere the route does not exist. */
export function isOutboxUnavailable(error: unknown) {
  return error instanceof ApiError && error.status === 404;
}
