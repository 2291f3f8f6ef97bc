import { randomUUID } from "node:crypto";

/**
 * Paths the app owns at the root; a custom URL must never shadow one of them (the server's
 * root-path landing lookup skips these).
 */
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
  "manage",
  "forgot-password",
  "reset-password",
]);

export function isReservedSlug(slug: string): boolean {
  return RESERVED_SLUGS.has(slug.trim().toLowerCase());
}

/** The longest title part, before "-" and the 8-character suffix. */
export const MAX_SLUG_TITLE_LENGTH = 60;
const FALLBACK_TITLE = "subscription";
const SUFFIX_LENGTH = 8;

/** Latin letters that NFKD does not decompose into an ASCII base letter. */
const LETTER_FOLDS: Readonly<Record<string, string>> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  đ: "d",
  ð: "d",
  ł: "l",
  þ: "th",
  ı: "i",
};

function slugifyTitle(title: string): string {
  const part = title
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[ßæœøđðłþı]/g, (letter) => LETTER_FOLDS[letter] ?? "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/[^a-z0-9-]/g, "")
    .replace(/-+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_SLUG_TITLE_LENGTH)
    .replace(/-+$/, "");
  return part || FALLBACK_TITLE;
}

/**
 * Spec section 9: the lowercased title with whitespace turned into hyphens, then "-" and the
 * first 8 characters of a random UUID. On top of that, accents are folded and anything that
 * is not a-z, 0-9 or "-" is dropped, so every slug is one clean path segment
 * ("Café Crème" → "cafe-creme-1a2b3c4d"); an empty result becomes "subscription".
 */
export function createCustomUrl(title: string, randomId: string = randomUUID()): string {
  const suffix = randomId
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "")
    .slice(0, SUFFIX_LENGTH);
  if (suffix.length !== SUFFIX_LENGTH) {
    throw new Error("createCustomUrl needs a random id with at least 8 letters or digits");
  }
  const slug = `${slugifyTitle(title)}-${suffix}`;
  // Cannot happen (no reserved word ends in "-xxxxxxxx"), but a shadowed route would be silent.
  if (isReservedSlug(slug)) throw new Error(`Generated a reserved slug: ${slug}`);
  return slug;
}
