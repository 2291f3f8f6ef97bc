/**
 * An opt-in tap on what the emulator says: every /v1 response body (errors included) and every
 * webhook event as it is queued. Nothing listens unless a test subscribes; the conformance test
 * (tests/conformance.test.ts) checks each recorded body against the SDK's types.
 */
export interface RecordedResponse {
  source: "api" | "webhook";
  method: string;
  /** The request path, or the event type for a webhook. */
  path: string;
  status: number;
  body: unknown;
}

type Listener = (entry: RecordedResponse) => void;

const listeners = new Set<Listener>();

/** Subscribes to every emulator in this process; returns the unsubscribe function. */
export function onEmulatorResponse(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function recordResponse(entry: RecordedResponse) {
  if (listeners.size === 0) return;
  // A copy, so later changes to a stored object do not rewrite what was sent.
  const copy = { ...entry, body: JSON.parse(JSON.stringify(entry.body)) as unknown };
  for (const listener of listeners) listener(copy);
}
