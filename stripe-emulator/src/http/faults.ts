import type { ServerResponse } from "node:http";

/** Failures injected on /v1 calls for the app's reliability tests. */
export interface Faults {
  failureRate: number;
  mode: "http500" | "drop" | "delay";
  delayMs: number;
  /** Path prefixes the faults apply to; null means every /v1 path. */
  paths: string[] | null;
}

/** Returns true when the fault answered the request (the caller must not). */
export async function applyFaults(
  faults: Faults | null,
  path: string,
  res: ServerResponse,
): Promise<boolean> {
  if (!faults || (faults.paths && !faults.paths.some((p) => path.startsWith(p)))) return false;
  if (Math.random() >= faults.failureRate) return false;
  if (faults.mode === "delay") {
    await new Promise((resolve) => setTimeout(resolve, faults.delayMs));
    return false;
  }
  if (faults.mode === "drop") {
    res.socket?.destroy();
    return true;
  }
  res.writeHead(500, { "Content-Type": "application/json", "Stripe-Should-Retry": "true" });
  res.end(
    JSON.stringify({
      error: {
        type: "api_error",
        message: "An error occurred with our connection to Stripe. (injected by the emulator)",
      },
    }),
  );
  return true;
}
