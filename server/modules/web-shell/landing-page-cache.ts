import type { Context } from "hono";
import { LRUCache } from "lru-cache";
import type { PublicOffering } from "../../../contracts/landing";
import type { AppEnv } from "../../http/app-env";
import { type Coding, compressHtml, preferredCoding } from "../../http/compress-pages";

/** One offering's landing page, drawn once, its compressed forms made on first ask. */
export interface DrawnLandingPage {
  /** The page as UTF-8: what a client asking for no coding gets. */
  readonly html: Uint8Array<ArrayBuffer>;
  encoded(coding: Coding): Promise<Uint8Array<ArrayBuffer>>;
}

export interface LandingPageCache {
  pageFor(offering: PublicOffering): DrawnLandingPage;
}

interface Entry {
  offering: PublicOffering;
  /** The offering as JSON: the page depends on nothing else, so equal JSON is an equal page. */
  fingerprint: string;
  page: DrawnLandingPage;
}

function drawnPage(html: string): DrawnLandingPage {
  const encodings = new Map<Coding, Promise<Uint8Array<ArrayBuffer>>>();
  return {
    html: new TextEncoder().encode(html),
    encoded(coding) {
      let bytes = encodings.get(coding);
      if (!bytes) {
        bytes = compressHtml(html, coding).then((compressed) => new Uint8Array(compressed));
        // A failed compression is tried again by the next request, not kept.
        bytes.catch(() => encodings.delete(coding));
        encodings.set(coding, bytes);
      }
      return bytes;
    },
  };
}

/**
 * Whole landing pages (template, head, JSON-LD, inlined data, server-drawn markup) and their
 * brotli and gzip forms, so a popular page costs a lookup and a socket write, as a static file
 * does. Fresh as the offering it is drawn from: the public offering cache hands out a new object
 * when it reads the database again (each second), and a new object whose content differs is
 * drawn again, so an edit or a price change shows as soon as it does today. A deactivated
 * offering is never asked for (the reader answers null). Least recently used pages go first;
 * 500 pages of ~35 KB plus their compressed forms are ~25 MB.
 */
export function createLandingPageCache(
  draw: (offering: PublicOffering) => string,
  maxEntries = 500,
): LandingPageCache {
  const entries = new LRUCache<string, Entry>({ max: maxEntries });
  return {
    pageFor(offering) {
      const key = offering.customUrl;
      let entry = entries.get(key);
      if (entry && entry.offering !== offering) {
        const fingerprint = JSON.stringify(offering);
        entry =
          fingerprint === entry.fingerprint
            ? { ...entry, offering }
            : { offering, fingerprint, page: drawnPage(draw(offering)) };
      } else if (!entry) {
        entry = {
          offering,
          fingerprint: JSON.stringify(offering),
          page: drawnPage(draw(offering)),
        };
      }
      entries.set(key, entry);
      return entry.page;
    },
  };
}

/**
 * The headers a drawn page took through compressPages (server/http/compress-pages.ts): a GET
 * that accepts brotli or gzip gets it with `Vary: Accept-Encoding`; anything else the text.
 */
export async function sendLandingPage(c: Context<AppEnv>, page: DrawnLandingPage) {
  c.header("Content-Type", "text/html; charset=UTF-8");
  const coding =
    c.req.method === "GET" ? preferredCoding(c.req.header("accept-encoding") ?? "") : null;
  if (!coding) return c.body(page.html);
  const bytes = await page.encoded(coding);
  c.header("Vary", "Accept-Encoding", { append: true });
  c.header("Content-Encoding", coding);
  return c.body(bytes);
}
