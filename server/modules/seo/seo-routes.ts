import { declaredRouter } from "../../http/declared-router";
import { renderRobotsTxt } from "./robots";
import { robotsRoute, sitemapRoute } from "./seo-api";
import type { SitemapReader } from "./sitemap";

/**
 * `/robots.txt` and `/sitemap.xml`, unlimited (seo-api.ts says why). Both are answered by the
 * server itself: without them, a crawler asking for either got the app's HTML, which Lighthouse
 * counts against every page.
 */
export function seoRoutes(options: { publicUrl: string; readSitemap: SitemapReader }) {
  const robots = renderRobotsTxt(options.publicUrl);
  return declaredRouter()
    .openapi(robotsRoute, (c) => {
      c.header("Cache-Control", "public, max-age=3600");
      return c.text(robots, 200);
    })
    .openapi(sitemapRoute, async (c) => {
      const sitemap = await options.readSitemap();
      // A crawler sees a change within a minute: the reader rebuilds at most every 30 s.
      c.header("Cache-Control", "public, max-age=30");
      c.header("ETag", sitemap.etag);
      c.header("Vary", "Accept-Encoding");
      if (c.req.header("if-none-match") === sitemap.etag) return c.body(null, 304);
      c.header("Content-Type", "application/xml; charset=UTF-8");
      if (/\bgzip\b/i.test(c.req.header("accept-encoding") ?? "")) {
        c.header("Content-Encoding", "gzip");
        return c.body(sitemap.gzip, 200);
      }
      return c.body(sitemap.xml, 200);
    });
}
