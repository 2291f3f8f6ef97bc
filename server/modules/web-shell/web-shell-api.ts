import { declarePage } from "../../http/page-declaration";
import { limitedBy } from "../../http/route-declaration";
import { publicRead } from "../../http/route-limits";

/** The web build's scripts and stylesheets, by content hash. */
export const assetsPage = declarePage({
  method: "get",
  path: "/assets/*",
  summary: "The web build's scripts, stylesheets and fonts (precompressed, immutable)",
  contentType: "application/javascript, text/css, font/woff2",
  access: "public",
  limit: {
    exempt:
      "Files from disk, named by their hash and cached for a year: no database, no Stripe; cache them in a CDN in front.",
  },
});

export const faviconPage = declarePage({
  method: "get",
  path: "/favicon.svg",
  summary: "The site's icon",
  contentType: "image/svg+xml",
  access: "public",
  limit: { exempt: "A file from disk: no database, no Stripe; cache it in a CDN in front." },
});

export const connectCompletePage = declarePage({
  method: "get",
  path: "/connect-complete.*",
  summary: "Where Stripe's Connect onboarding returns, inside our onboarding modal's iframe",
  contentType: "text/html",
  access: "public",
  limit: { exempt: "A static file from disk: no database, no Stripe." },
});

/** Every other GET: the SPA's pages, landing pages and the self-service page. */
export const appPages = declarePage({
  method: "get",
  path: "/*",
  summary: "The app's pages: prerendered marketing pages, landing pages, the SPA",
  contentType: "text/html",
  access: "public",
  limit: limitedBy(
    publicRead,
    "Landing pages: generous, a person never gets near 10 a second. The self-service page (/customer/…) also counts in its API's bucket (customerPortalRoute), so it is no cheaper way to guess keys.",
  ),
});

/** In the order webShellRoutes registers them: the wildcard page last. */
export const webShellPages = [assetsPage, faviconPage, connectCompletePage, appPages];
