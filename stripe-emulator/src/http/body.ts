import type { IncomingMessage } from "node:http";
import qs from "qs";
import { StripeApiError } from "../core/errors";

const MAX_BODY_BYTES = 1024 * 1024;

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES)
        reject(
          new StripeApiError(413, {
            type: "invalid_request_error",
            message: "Request body too large.",
          }),
        );
      else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/**
 * Rack-style form decoding, as Stripe does: `a[b]=1`, `a[0][b]=1`, `a[]=1`. qs never builds
 * prototype keys, and its limits keep a hostile body from blowing up.
 */
export function parseForm(raw: string): Record<string, unknown> {
  return qs.parse(raw, {
    depth: 10,
    arrayLimit: 100,
    parameterLimit: 1000,
    allowDots: false,
  }) as Record<string, unknown>;
}

/** Form bodies (what the SDK and Stripe.js send), or JSON for convenience. */
export function parseBody(raw: string, contentType: string | undefined): Record<string, unknown> {
  if (!raw) return {};
  if (contentType?.includes("application/json")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new StripeApiError(400, {
        type: "invalid_request_error",
        message: "Invalid JSON body.",
      });
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
      throw new StripeApiError(400, {
        type: "invalid_request_error",
        message: "The JSON body must be an object.",
      });
    return parsed as Record<string, unknown>;
  }
  return parseForm(raw);
}

/** `expand[]=a&expand[0]=b` and `expand=a` all become a list of dot paths. */
export function expandPaths(params: Record<string, unknown>): string[] {
  return [params.expand]
    .flat()
    .flatMap((e) => (e && typeof e === "object" ? Object.values(e) : [e]))
    .filter((e): e is string => typeof e === "string" && e.length > 0);
}
