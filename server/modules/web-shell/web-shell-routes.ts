import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import type { PublicOffering } from "../../../contracts/landing";
import { formatMonthlyPrice } from "../../../contracts/money";
import type { BootData, PublicConfig } from "../../../contracts/public-config";
import type { AppEnv } from "../../http/app-env";
import type { PublicOfferingReader } from "../offerings/public-offering-cache";
import { isReservedSlug } from "../offerings/slug";
import { inlineStylesheets } from "./inline-stylesheets";
import type { LandingRenderer } from "./landing-renderer";
import { type PageMeta, renderIndexHtml } from "./render-index-html";

export interface WebShellOptions {
  distDir: string;
  /** Server-side markup for landing pages; without it the browser draws them. */
  renderLanding?: LandingRenderer | null;
  readPublicOffering: PublicOfferingReader;
  publicConfig: PublicConfig;
  publicUrl: string;
}

const landingPath = /^\/landing\/([^/]+)\/?$/;
const singleSegmentPath = /^\/([^/.]+)\/?$/;

function readTemplate(file: string): string | null {
  return existsSync(file) ? readFileSync(file, "utf8") : null;
}

/**
 * Static assets; landing pages from their own small entry (landing.html), drawn on the server
 * with their data inlined; index.html for every other client route.
 */
export function webShellRoutes({
  distDir,
  renderLanding,
  readPublicOffering,
  publicConfig,
  publicUrl,
}: WebShellOptions) {
  const app = new Hono<AppEnv>();
  const template = readTemplate(path.join(distDir, "index.html"));
  const landingFile = readTemplate(path.join(distDir, "landing.html"));
  const landingTemplate = landingFile && inlineStylesheets(landingFile, distDir);
  const root = path.relative(process.cwd(), distDir) || ".";
  // The offering cache hands out one object per offering per second, so each is drawn once.
  const drawn = new WeakMap<PublicOffering, string>();
  let notFoundMarkup: string | undefined;
  function drawLanding(offering: PublicOffering | null): string {
    if (!renderLanding) return "";
    if (!offering) {
      notFoundMarkup ??= renderLanding(null);
      return notFoundMarkup;
    }
    let markup = drawn.get(offering);
    if (markup === undefined) {
      markup = renderLanding(offering);
      drawn.set(offering, markup);
    }
    return markup;
  }

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
    if (!template || !landingTemplate) {
      return c.text("The web app has not been built yet. Run `npm run build`, then restart.", 503);
    }
    c.header("Cache-Control", "no-store");
    const bootData: BootData = { config: publicConfig };

    const landingMatch = landingPath.exec(c.req.path);
    const rootMatch = landingMatch ? null : singleSegmentPath.exec(c.req.path);
    const customUrl = decodeSegment(landingMatch?.[1] ?? rootMatch?.[1]);
    if (!customUrl || (rootMatch && isReservedSlug(customUrl))) {
      return c.html(renderIndexHtml(template, bootData));
    }

    const offering = await readPublicOffering(customUrl);
    // A single segment is a landing page only when such an active offering exists.
    if (!offering && rootMatch) return c.redirect("/", 302);
    bootData.landing = offering;
    const meta: PageMeta | undefined = offering
      ? {
          title: `${offering.title} — ${formatMonthlyPrice(offering.priceCents)}`,
          description: summarize(offering.description),
          url: `${publicUrl}/landing/${encodeURIComponent(offering.customUrl)}`,
        }
      : undefined;
    const markup = drawLanding(offering);
    return c.html(renderIndexHtml(landingTemplate, bootData, meta, markup), offering ? 200 : 404);
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
