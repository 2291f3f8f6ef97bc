import { outboxSchema } from "@contracts/outbox";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, apiRequest } from "@/lib/api-client";

export type { OutboxMessage } from "@contracts/outbox";

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
