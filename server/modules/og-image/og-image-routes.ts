import { Hono } from "hono";
import type { AppEnv } from "../../http/app-env";
import { declaredRouter } from "../../http/declared-router";
import { AppError } from "../../lib/errors";
import type { PublicOfferingReader } from "../offerings/public-offering-cache";
import { NO_SUCH_IMAGE, ogImageRoute } from "./og-image-api";
import type { OgImageCache } from "./og-image-cache";
import { ogImageCardFor, ogImagePath, ogImageVersion } from "./og-image-card";

export interface OgImageRouteOptions {
  readPublicOffering: PublicOfferingReader;
  images: OgImageCache;
}

/** Whether an If-None-Match header names `etag` (a list, weak validators, or "*"). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === etag || tag === "*");
}

/**
 * `/og/{customUrl}/{version}.png`: the landing page's preview image (ADR 018), drawn on first
 * request and cached by its version, which is a hash of what it shows (og-image-api.ts).
 */
export function ogImageRoutes({ readPublicOffering, images }: OgImageRouteOptions) {
  const served = declaredRouter().openapi(ogImageRoute, async (c) => {
    const { customUrl, file } = c.req.valid("param");
    const offering = await readPublicOffering(customUrl);
    if (!offering) throw new AppError("not_found", NO_SUCH_IMAGE);
    const card = ogImageCardFor(offering);
    const version = ogImageVersion(card);
    if (file !== `${version}.png`) {
      // An address from before an edit: what it showed is gone, so send the current image.
      // Briefly cached, since the offering can change again.
      c.header("Cache-Control", "public, max-age=300");
      return c.redirect(ogImagePath(offering.customUrl, card), 302);
    }
    const etag = `"${version}"`;
    c.header("Cache-Control", "public, max-age=31536000, immutable");
    c.header("ETag", etag);
    if (matchesEtag(c.req.header("if-none-match"), etag)) return c.body(null, 304);
    const png = await images.get(version, card);
    c.header("Content-Type", "image/png");
    return c.body(png as Uint8Array<ArrayBuffer>, 200);
  });
  // Anything else under /og/ is a missing image, never the app's HTML.
  const missing = new Hono<AppEnv>().all("/og/*", () => {
    throw new AppError("not_found", NO_SUCH_IMAGE);
  });
  return served.route("/", missing);
}
