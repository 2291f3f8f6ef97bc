import type { MiddlewareHandler } from "hono";
import qs from "qs";
import { StripeApiError } from "../core/errors";
import type { EmulatorEnv } from "./env";

const MAX_BODY_BYTES = 1024 * 1024;

async function drain(reader: ReadableStreamDefaultReader<Uint8Array>) {
  try {
    while (!(await reader.read()).done) {}
  } catch {
    // The client went away: nothing left to read.
  }
}

/** The body as text, refused past 1 MB as it streams in (a Content-Length may be missing or lie). */
export async function readBody(request: Request): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      // Refused at once, but read to the end: a cancelled stream would break a kept-alive
      // connection for the client's next request.
      void drain(reader);
      throw new StripeApiError(413, {
        type: "invalid_request_error",
        message: "Request body too large.",
      });
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Rack-style form decoding, as Stripe does: `a[b]=1`, `a[0][b]=1`, `a[]=1`. qs never builds
 * prototype keys, and its limits keep a hostile body from blowing up.
 */
function parseForm(raw: string): Record<string, unknown> {
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

/** Query string and body are one bucket, as on Stripe; the body wins on a clash. */
export const readParams: MiddlewareHandler<EmulatorEnv> = async (c, next) => {
  const query = new URL(c.req.url).search.slice(1);
  const raw = await readBody(c.req.raw);
  c.set("params", { ...parseForm(query), ...parseBody(raw, c.req.header("content-type")) });
  await next();
};
