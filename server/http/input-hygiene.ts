import type { MiddlewareHandler } from "hono";
import { isWellFormedText } from "../../contracts/text";
import { AppError } from "../lib/errors";

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });
const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;
const ENCODED_NUL = /%00/;

/**
 * The edge's rules for every API request, before any route (ours or better-auth's) reads it:
 *
 * - a NUL anywhere in the path is a 404 and in the query string a 400: PostgreSQL can't store
 *   U+0000, so no value containing one can name or mean anything;
 * - a body, when there is one, is declared JSON, is valid UTF-8 (the platform's readers would
 *   silently turn bad bytes into U+FFFD) and has no NUL or unpaired surrogate in any key or
 *   string (a surrogate half can't be encoded as UTF-8 at all).
 *
 * Field-level rules (control characters, direction overrides, lengths) are the contracts' job
 * (contracts/text.ts); this catches what reaches code without a contract, such as better-auth's
 * token lookups. Stripe's webhooks are exempt: they are checked by signature over the exact
 * bytes, and a customer name Stripe hands back with a NUL in it must not stop every retry.
 *
 * The route gets a fresh request with the same bytes, so every reader after this one sees the
 * body untouched.
 */
export function inputHygiene(options: { exemptPrefixes: string[] }): MiddlewareHandler {
  return async (c, next) => {
    if (options.exemptPrefixes.some((prefix) => c.req.path.startsWith(prefix))) return next();
    const url = c.req.url;
    const queryStart = url.indexOf("?");
    const rawPath = queryStart === -1 ? url : url.slice(0, queryStart);
    if (ENCODED_NUL.test(rawPath) || c.req.path.includes("\u0000")) {
      throw new AppError("not_found", "There is no such API endpoint.");
    }
    if (queryStart !== -1 && ENCODED_NUL.test(url.slice(queryStart))) {
      throw new AppError("bad_request", "The query string can't contain NUL characters.");
    }

    // A GET or HEAD has no body (the server drops one); asking for it would build a full
    // Fetch Request for every public read.
    if (!hasBody(c.req.method) || !c.req.raw.body) return next();
    const bytes = new Uint8Array(await c.req.raw.arrayBuffer());
    c.req.raw = new Request(c.req.raw, { body: bytes });
    if (bytes.length === 0) return next();
    if (!JSON_TYPE.test(c.req.header("content-type") ?? "")) {
      throw new AppError(
        "unsupported_media_type",
        "Send the request body as JSON (Content-Type: application/json).",
      );
    }
    let text: string;
    try {
      text = strictUtf8.decode(bytes);
    } catch {
      throw new AppError("bad_request", "The request body is not valid UTF-8 text.");
    }
    if (text.includes("\u0000")) {
      throw new AppError("bad_request", "The request body can't contain NUL characters.");
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: the route's own parser says so in its own words.
      return next();
    }
    const problem = findUnstorableText(body);
    if (problem) throw new AppError("bad_request", problem);
    return next();
  };
}

/** Methods whose requests the server hands a body to. */
export function hasBody(method: string): boolean {
  return method !== "GET" && method !== "HEAD";
}

function describeText(text: string): string | null {
  if (text.includes("\u0000")) return "can't contain NUL characters.";
  if (!isWellFormedText(text)) return "contains characters that aren't valid text.";
  return null;
}

interface Node {
  value: unknown;
  key: string | number | null;
  parent: Node | null;
}

/** "offering.tiers[2].name"; only built for the one value that is refused. */
function pathOf(node: Node): string {
  const parts: string[] = [];
  for (let at: Node | null = node; at && at.key !== null; at = at.parent) {
    parts.unshift(typeof at.key === "number" ? `[${at.key}]` : `.${at.key}`);
    if (parts.length > 8) {
      parts[0] = "…";
      break;
    }
  }
  return parts.join("").replace(/^\./, "");
}

/**
 * The first key or string that can't be stored, named by its path ("name can't contain NUL
 * characters."). Walks without recursion, so a body nested 100,000 deep is fine.
 */
function findUnstorableText(value: unknown): string | null {
  const stack: Node[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    const current = node.value;
    if (typeof current === "string") {
      const problem = describeText(current);
      if (problem) return `${pathOf(node) || "The request body"} ${problem}`;
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => {
        stack.push({ value: item, key: index, parent: node });
      });
    } else if (current !== null && typeof current === "object") {
      for (const [key, item] of Object.entries(current)) {
        const problem = describeText(key);
        if (problem) return `A field name ${problem}`;
        stack.push({ value: item, key, parent: node });
      }
    }
  }
  return null;
}
