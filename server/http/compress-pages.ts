import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { LRUCache } from "lru-cache";

/** The codings a request accepts ("br;q=0" refuses brotli). */
export function acceptedCodings(header: string): Set<string> {
  const codings = new Set<string>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.split(";").map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    if (name && (q === undefined || Number(q.slice(2)) > 0)) codings.add(name);
  }
  return codings;
}

export type Coding = "br" | "gzip";

/** The coding to answer in: brotli where accepted, else gzip, else none. */
export function preferredCoding(acceptEncoding: string): Coding | null {
  const codings = acceptedCodings(acceptEncoding);
  return codings.has("br") ? "br" : codings.has("gzip") ? "gzip" : null;
}

/** A drawn page as brotli (quality 5) or gzip (level 6), off the event loop. */
export function compressHtml(html: string, coding: Coding): Promise<Buffer> {
  const bytes = Buffer.from(html);
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(result));
    if (coding === "br") {
      // Quality 5: most of brotli's gain on HTML for a small share of quality 11's time.
      brotliCompress(
        bytes,
        {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        },
        done,
      );
    } else gzip(bytes, { level: 6 }, done);
  });
}

/**
 * Compresses the HTML pages drawn per request (landing pages, the app's shell) for a browser
 * that asks: a landing page is ~20 KB as text, a fifth of that as brotli, on a phone's link.
 * Pages are the same bytes for every visitor of one offering, so each compressed page is kept
 * (a small LRU by content) and a popular page is compressed once, not per request. Responses
 * already encoded (the prerendered marketing pages, static files) pass untouched, and so does
 * a client that asks for no coding (a load test, curl).
 */
export function compressPages(options: { minBytes?: number; maxEntries?: number } = {}) {
  const minBytes = options.minBytes ?? 1024;
  const maxEntries = options.maxEntries ?? 500;
  const cache = new LRUCache<string, Promise<Buffer>>({ max: maxEntries });
  const compressed = (html: string, coding: Coding) => {
    const key = `${coding}\0${html}`;
    const hit = cache.get(key);
    if (hit) return hit;
    const entry = compressHtml(html, coding);
    entry.catch(() => cache.peek(key) === entry && cache.delete(key));
    cache.set(key, entry);
    return entry;
  };
  const handler: MiddlewareHandler = async (c, next) => {
    await next();
    const accepted = c.req.header("accept-encoding");
    if (!accepted || c.req.method !== "GET") return;
    const headers = c.res.headers;
    if (headers.has("content-encoding")) return;
    if (!headers.get("content-type")?.startsWith("text/html")) return;
    const coding = preferredCoding(accepted);
    if (!coding) return;
    const html = await c.res.text();
    const isWorthIt = Buffer.byteLength(html) >= minBytes;
    const response = new Response(
      isWorthIt ? new Uint8Array(await compressed(html, coding)) : html,
      c.res,
    );
    response.headers.append("Vary", "Accept-Encoding");
    if (isWorthIt) {
      response.headers.set("Content-Encoding", coding);
      response.headers.delete("Content-Length");
    }
    // Cleared first: the setter would otherwise copy the old response's headers back in.
    c.res = undefined as unknown as Response;
    c.res = response;
  };
  return handler;
}
