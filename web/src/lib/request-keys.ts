import { useCallback, useRef } from "react";

/** JSON with object keys sorted, so two bodies that mean the same request read the same. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : inner,
  );
}

export interface RequestKeys {
  /** The Idempotency-Key for exactly this request body. */
  keyFor(body: unknown): string;
  /** Forgets every key: the next request of any body is a new one (a dialog opened again). */
  reset(): void;
}

/**
 * An Idempotency-Key belongs to one exact request. Retrying the same body (a double click, a
 * retry after a lost answer or a failure) sends the same key, so the server answers once and
 * reuses what it generated for it; a changed body is a new request with a new key, so the
 * server never refuses it as "the same key with different details".
 */
export function createRequestKeys(newKey: () => string = () => crypto.randomUUID()): RequestKeys {
  const keys = new Map<string, string>();
  return {
    keyFor(body) {
      const request = canonicalJson(body);
      let key = keys.get(request);
      if (key === undefined) {
        key = newKey();
        keys.set(request, key);
      }
      return key;
    },
    reset: () => keys.clear(),
  };
}

/** createRequestKeys for one component's life (a dialog's opening). */
export function useRequestKeys(): RequestKeys {
  const keys = useRef<RequestKeys | null>(null);
  keys.current ??= createRequestKeys();
  const current = keys.current;
  return {
    keyFor: useCallback((body: unknown) => current.keyFor(body), [current]),
    reset: useCallback(() => current.reset(), [current]),
  };
}
