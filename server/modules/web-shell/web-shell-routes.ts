import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Context, MiddlewareHandler } from "hono";
import type { PublicOffering } from "../../../contracts/landing";
import type { BootData, PublicConfig } from "../../../contracts/public-config";
import type { AppEnv } from "../../http/app-env";
import { acceptedCodings } from "../../http/compress-pages";
import { PageRouter } from "../../http/page-router";
import type { RouteGuards } from "../../http/route-guards";
import { landingPageUrl } from "../../lib/public-links";
import type { PublicOfferingReader } from "../offerings/public-offering-cache";
import { isReservedSlug } from "../offerings/slug";
import {
  OG_IMAGE_HEIGHT,
  OG_IMAGE_WIDTH,
  ogImageCardFor,
  ogImagePath,
} from "../og-image/og-image-card";
import { inlineStylesheets } from "./inline-stylesheets";
import { createLandingPageCache, sendLandingPage } from "./landing-page-cache";
import type { LandingRenderer } from "./landing-renderer";
import { buildOfferingJsonLd } from "./offering-structured-data";
import { type PageMeta, renderIndexHtml } from "./render-index-html";
import { type CustomerPortalReader, standalonePageResponses } from "./standalone-page-responses";
import { isStandalonePage } from "./standalone-pages";
import type { SelfServiceRenderer } from "./standalone-renderer";
import { appPages, assetsPage, connectCompletePage, faviconPage } from "./web-shell-api";

export interface WebShellOptions {
  distDir: string;
  /** Server-side markup for landing pages; without it the browser draws them. */
  renderLanding?: LandingRenderer | null;
  /** Server-side markup for the self-service page (ADR 019); without it the browser draws it. */
  renderSelfService?: SelfServiceRenderer | null;
  readCustomerPortal?: CustomerPortalReader;
  readPublicOffering: PublicOfferingReader;
  publicConfig: PublicConfig;
  publicUrl: string;
  /** What the declarations (web-shell-api.ts) put in front of their routes: the pages' limit. */
  guards: RouteGuards;
  /** The self-service API's limit (customerPortalRoute's), which its page counts against too. */
  limitSelfServiceLookup?: MiddlewareHandler;
}

const landingPath = /^\/landing\/([^/]+)\/?$/;
/** Marketing pages prerendered at build time (scripts/build.mjs, ADR 017), by path. */
const prerenderedPages: Record<string, string> = {
  "/": "home",
  "/features": "features",
  "/pricing": "pricing",
};
/** better-auth's session cookie, with the prefix it takes on HTTPS. */
const sessionCookie = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;
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
  renderSelfService,
  readCustomerPortal,
  readPublicOffering,
  publicConfig,
  publicUrl,
  guards,
  limitSelfServiceLookup,
}: WebShellOptions) {
  const app = new PageRouter(guards);
  const template = readTemplate(path.join(distDir, "index.html"));
  const standaloneFile = readTemplate(path.join(distDir, "standalone.html"));
  const standaloneTemplate = standaloneFile && inlineStylesheets(standaloneFile, distDir);
  const standalonePage =
    standaloneTemplate &&
    standalonePageResponses({
      distDir,
      template: standaloneTemplate,
      renderSelfService,
      readCustomerPortal,
      limitSelfServiceLookup,
    });
  const landingFile = readTemplate(path.join(distDir, "landing.html"));
  const landingTemplate = landingFile && inlineStylesheets(landingFile, distDir);
  const prerendered = new Map<string, CompressedPage>();
  for (const [pagePath, name] of Object.entries(prerenderedPages)) {
    const page = readTemplate(path.join(distDir, "prerendered", `${name}.html`));
    if (page) prerendered.set(pagePath, compressOnce(inlineStylesheets(page, distDir)));
  }
  const root = path.relative(process.cwd(), distDir) || ".";
  const landingPages = createLandingPageCache((offering) =>
    renderIndexHtml(
      landingTemplate ?? "",
      { config: publicConfig, landing: offering },
      landingPageMeta(offering, publicUrl),
      renderLanding?.(offering) ?? "",
    ),
  );
  let notFoundMarkup: string | undefined;

  app.page(
    assetsPage,
    serveStatic({
      root,
      // The build writes a .br and a .gz beside each script and stylesheet (scripts/build.mjs).
      precompressed: true,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  // A missing asset is a 404, not the app's HTML: a stale page asking for an old bundle gets
  // an error it can recover from, and caches never store HTML under a script's name.
  app.all("/assets/*", (c) => c.text("Not found", 404));
  app.page(faviconPage, serveStatic({ root }));
  // The Connect onboarding return page is shown inside our own onboarding modal's iframe.
  const framedByUs: MiddlewareHandler<AppEnv> = async (c, next) => {
    c.header(
      "Content-Security-Policy",
      "default-src 'self'; style-src 'self' 'unsafe-inline'; frame-ancestors 'self'",
    );
    c.header("X-Frame-Options", "SAMEORIGIN");
    await next();
  };
  app.page(connectCompletePage, framedByUs, serveStatic({ root }));

  app.page(appPages, async (c) => {
    if (!template || !landingTemplate) {
      return c.text("The web app has not been built yet. Run `npm run build`, then restart.", 503);
    }
    c.header("Cache-Control", "no-store");
    // A visitor without a session gets the page as drawn at build time. With one, the SPA
    // decides (the dashboard, or onboarding first), as it does for "?auth=" on "/".
    const page = prerendered.get(c.req.path);
    if (
      page &&
      c.req.query("auth") === undefined &&
      !sessionCookie.test(c.req.header("cookie") ?? "")
    ) {
      return sendCompressed(c, page);
    }
    const bootData: BootData = { config: publicConfig };

    const landingMatch = landingPath.exec(c.req.path);
    const rootMatch = landingMatch ? null : singleSegmentPath.exec(c.req.path);
    const segment = landingMatch?.[1] ?? rootMatch?.[1];
    // A segment that doesn't decode ("%FF") names no offering: the same 404 or redirect as
    // any unknown one (the offering reader answers those without a query).
    const customUrl = segment === undefined ? null : (decodeSegment(segment) ?? "");
    if (customUrl === null || (rootMatch && isReservedSlug(customUrl))) {
      // Sign-in and the self-service page: their own small entry, no dashboard code (ADR 019).
      if (standalonePage && isStandalonePage(c.req.path, c.req.query("auth"))) {
        return standalonePage(c, bootData);
      }
      return c.html(renderIndexHtml(template, bootData));
    }

    const offering = await readPublicOffering(customUrl);
    // A single segment is a landing page only when such an active offering exists.
    if (!offering && rootMatch) return c.redirect("/", 302);
    if (offering) return sendLandingPage(c, landingPages.pageFor(offering));
    bootData.landing = null;
    notFoundMarkup ??= renderLanding?.(null) ?? "";
    return c.html(renderIndexHtml(landingTemplate, bootData, undefined, notFoundMarkup), 404);
  });
  return app;
}

interface CompressedPage {
  html: string;
  br: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
}

/**
 * A prerendered page is the same bytes for every visitor, so it is compressed once at start:
 * with its stylesheet inline it is 70 KB, a quarter of that as brotli, on a phone's connection.
 */
function compressOnce(html: string): CompressedPage {
  const bytes = Buffer.from(html);
  return {
    html,
    br: new Uint8Array(
      brotliCompressSync(bytes, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    ),
    gzip: new Uint8Array(gzipSync(bytes, { level: 9 })),
  };
}

function sendCompressed(c: Context<AppEnv>, page: CompressedPage) {
  // The page depends on the session cookie too: a signed-in visitor gets the app.
  c.header("Vary", "Accept-Encoding, Cookie");
  c.header("Content-Type", "text/html; charset=UTF-8");
  const codings = acceptedCodings(c.req.header("accept-encoding") ?? "");
  if (codings.has("br")) {
    c.header("Content-Encoding", "br");
    return c.body(page.br);
  }
  if (codings.has("gzip")) {
    c.header("Content-Encoding", "gzip");
    return c.body(page.gzip);
  }
  return c.body(page.html);
}

function decodeSegment(segment: string | undefined): string | null {
  if (!segment) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * What search engines and chat apps read: title, canonical address (the sitemap's form), the
 * preview image at its versioned address (drawn only when something asks for it), JSON-LD.
 */
function landingPageMeta(offering: PublicOffering, publicUrl: string): PageMeta {
  const canonicalUrl = landingPageUrl(publicUrl, offering.customUrl);
  const card = ogImageCardFor(offering);
  const imageUrl = `${publicUrl}${ogImagePath(offering.customUrl, card)}`;
  return {
    title: `${offering.title} — ${card.priceLabel}`,
    description: summarize(offering.description),
    url: canonicalUrl,
    image: {
      url: imageUrl,
      width: OG_IMAGE_WIDTH,
      height: OG_IMAGE_HEIGHT,
      alt: `${offering.title}: ${card.category}, ${card.priceLabel}`,
    },
    structuredData: buildOfferingJsonLd(offering, { canonicalUrl, imageUrl }),
  };
}

function summarize(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 160 ? `${flat.slice(0, 157)}...` : flat;
}
