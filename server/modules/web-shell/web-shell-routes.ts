import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { formatMonthlyPrice } from "../../../contracts/money";
import type { BootData, PublicConfig } from "../../../contracts/public-config";
import type { AppEnv } from "../../http/app-env";
import type { PublicOfferingReader } from "../offerings/public-offering-cache";
import { isReservedSlug } from "../offerings/slug";
import { type PageMeta, renderIndexHtml } from "./render-index-html";

export interface WebShellOptions {
  distDir: string;
  readPublicOffering: PublicOfferingReader;
  publicConfig: PublicConfig;
  publicUrl: string;
}

const landingPath = /^\/landing\/([^/]+)\/?$/;
const singleSegmentPath = /^\/([^/.]+)\/?$/;

/** Static assets, then index.html for every client route, with landing pages filled in. */
export function webShellRoutes({
  distDir,
  readPublicOffering,
  publicConfig,
  publicUrl,
}: WebShellOptions) {
  const app = new Hono<AppEnv>();
  const indexFile = path.join(distDir, "index.html");
  const template = existsSync(indexFile) ? readFileSync(indexFile, "utf8") : null;
  const root = path.relative(process.cwd(), distDir) || ".";

  app.use(
    "/assets/*",
    serveStatic({
      root,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  app.get("/favicon.svg", serveStatic({ root }));
  // The Connect onboarding return page is shown inside our own onboarding modal's iframe.
  app.use("/connect-complete.*", async (c, next) => {
    c.header(
      "Content-Security-Policy",
      "default-src 'self'; style-src 'self' 'unsafe-inline'; frame-ancestors 'self'",
    );
    c.header("X-Frame-Options", "SAMEORIGIN");
    await next();
  });
  app.get("/connect-complete.*", serveStatic({ root }));

  app.get("*", async (c) => {
    if (!template) {
      return c.text("The web app has not been built yet. Run `npm run build`, then restart.", 503);
    }
    const bootData: BootData = { config: publicConfig };
    let meta: PageMeta | undefined;

    const landingMatch = landingPath.exec(c.req.path);
    const rootMatch = landingMatch ? null : singleSegmentPath.exec(c.req.path);
    const customUrl = decodeSegment(landingMatch?.[1] ?? rootMatch?.[1]);
    if (customUrl && !(rootMatch && isReservedSlug(customUrl))) {
      const offering = await readPublicOffering(customUrl);
      if (offering) {
        bootData.landing = offering;
        meta = {
          title: `${offering.title} — ${formatMonthlyPrice(offering.priceCents)}`,
          description: summarize(offering.description),
          url: `${publicUrl}/landing/${encodeURIComponent(offering.customUrl)}`,
        };
      } else if (rootMatch) {
        // A single segment is a landing page only when such an active offering exists.
        return c.redirect("/", 302);
      }
    }
    c.header("Cache-Control", "no-store");
    return c.html(renderIndexHtml(template, bootData, meta));
  });
  return app;
}

function decodeSegment(segment: string | undefined): string | null {
  if (!segment) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

function summarize(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 160 ? `${flat.slice(0, 157)}...` : flat;
}
