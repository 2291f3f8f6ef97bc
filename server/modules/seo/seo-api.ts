import { z } from "zod";
import { declareRoute } from "../../http/route-declaration";

export const robotsRoute = declareRoute({
  method: "get",
  path: "/robots.txt",
  summary: "What crawlers may read, and where the sitemap is",
  tags: ["seo"],
  access: "public",
  limit: { exempt: "A constant string built at start: no database, no Stripe." },
  responses: {
    200: { description: "robots.txt", content: { "text/plain": { schema: z.string() } } },
  },
});

export const sitemapRoute = declareRoute({
  method: "get",
  path: "/sitemap.xml",
  summary: "The landing pages of active offerings, for search engines",
  description: "Gzipped when the client accepts it; answers If-None-Match with 304.",
  tags: ["seo"],
  access: "public",
  limit: {
    exempt:
      "Built from the database at most once per 30 s whoever asks (server/modules/seo/sitemap.ts); every other request is bytes from memory.",
  },
  responses: {
    200: { description: "The sitemap", content: { "application/xml": { schema: z.string() } } },
    304: { description: "The sitemap named by If-None-Match is still the current one" },
  },
});

export const seoApi = [robotsRoute, sitemapRoute];
