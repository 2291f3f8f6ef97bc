import { randomUUID } from "node:crypto";

/** Paths the app owns; a custom URL must never shadow one of them. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  "dashboard",
  "landing",
  "customer",
  "success",
  "api",
  "assets",
  "features",
  "pricing",
  "dev",
  "auth",
  "static",
  "favicon.ico",
  "favicon.svg",
  "robots.txt",
  "index.html",
  "login",
  "signup",
  "sign-in",
  "sign-up",
  "admin",
  "settings",
  "webhooks",
  "health",
  "_emulator",
  "connect-complete.html",
]);

export function isReservedSlug(slug: string): boolean {
  return RESERVED_SLUGS.has(slug.toLowerCase());
}

const MAX_TITLE_PART = 60;

/**
 * Spec: the lowercased title with whitespace turned into hyphens, then "-" and the first 8
 * characters of a random UUID. We also drop what isn't URL-safe (after folding accents), so
 * every slug is a clean path segment.
 */
export function createCustomUrl(title: string, randomId: string = randomUUID()): string {
  const titlePart =
    title
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .trim()
      .replace(/\s+/g, "-")
      .replace(/[^a-z0-9-]/g, "")
      .replace(/-+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, MAX_TITLE_PART)
      .replace(/-$/, "") || "subscription";
  const slug = `${titlePart}-${randomId.replaceAll("-", "").slice(0, 8).toLowerCase()}`;
  if (isReservedSlug(slug)) throw new Error(`Generated a reserved slug: ${slug}`);
  return slug;
}
