import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { Db } from "../../db/client";
import { landingPageUrl } from "../../lib/public-links";
import { listSitemapOfferings, type SitemapOffering } from "./sitemap-repository";

const gzipAsync = promisify(gzip);

/** The marketing pages, in the order a visitor meets them. */
const marketingPaths = ["/", "/features", "/pricing"] as const;

/**
 * The sitemap protocol's limit for one file. Past it the newest-changed offerings are listed
 * and the rest left out; a sitemap index can split the list when there are that many.
 */
const MAX_SITEMAP_URLS = 50_000;

interface Sitemap {
  xml: string;
  gzip: Uint8Array<ArrayBuffer>;
  /** A strong validator for the bytes, for If-None-Match. */
  etag: string;
}

export type SitemapReader = () => Promise<Sitemap>;

function escapeXml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");
}

function renderSitemapXml(publicUrl: string, offerings: SitemapOffering[]): string {
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
  ];
  for (const path of marketingPaths) {
    parts.push(`<url><loc>${escapeXml(`${publicUrl}${path}`)}</loc></url>\n`);
  }
  for (const offering of offerings) {
    const loc = escapeXml(landingPageUrl(publicUrl, offering.customUrl));
    const lastmod = offering.updatedAt.toISOString();
    parts.push(`<url><loc>${loc}</loc><lastmod>${lastmod}</lastmod></url>\n`);
  }
  parts.push("</urlset>\n");
  return parts.join("");
}

/**
 * The sitemap, built at most once per `ttlMs` (concurrent requests share one build): a crawler
 * sees a new, edited or deactivated landing page within that time, and a burst of requests costs
 * one query. A failed build is not kept.
 */
export function createSitemapReader(db: Db, publicUrl: string, ttlMs = 30_000): SitemapReader {
  let current: { expires: number; value: Promise<Sitemap> } | null = null;
  return () => {
    const now = Date.now();
    if (current && current.expires > now) return current.value;
    const value = buildSitemap(db, publicUrl);
    const entry = { expires: now + ttlMs, value };
    current = entry;
    value.catch(() => {
      if (current === entry) current = null;
    });
    return value;
  };
}

async function buildSitemap(db: Db, publicUrl: string): Promise<Sitemap> {
  const offerings = await listSitemapOfferings(db, MAX_SITEMAP_URLS - marketingPaths.length);
  const xml = renderSitemapXml(publicUrl, offerings);
  const bytes = Buffer.from(xml);
  const compressed = new Uint8Array(await gzipAsync(bytes));
  const etag = `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 22)}"`;
  return { xml, gzip: compressed, etag };
}
