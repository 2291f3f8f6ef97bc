import { Hono } from "hono";
import type { AppEnv } from "../../http/app-env";
import { renderRobotsTxt } from "./robots";
import type { SitemapReader } from "./sitemap";

/**
 * `/robots.txt` and `/sitemap.xml`, unlimited (route-limits.ts says why). Both are answered by the server itself: without them, a
 * crawler asking for either got the app's HTML, which Lighthouse counts against every page.
 */
export function seoRoutes(options: { publicUrl: string; readSitemap: SitemapReader }) {
  const robots = renderRobotsTxt(options.publicUrl);
  const app = new Hono<AppEnv>();
  app.get("/robots.txt", (c) => {
    c.header("Cache-Control", "public, max-age=3600");
    return c.text(robots);
  });
  app.get("/sitemap.xml", async (c) => {
    const sitemap = await options.readSitemap();
    // A crawler sees a change within a minute: the reader rebuilds at most every 30 s.
    c.header("Cache-Control", "public, max-age=30");
    c.header("ETag", sitemap.etag);
    c.header("Vary", "Accept-Encoding");
    if (c.req.header("if-none-match") === sitemap.etag) return c.body(null, 304);
    c.header("Content-Type", "application/xml; charset=UTF-8");
    if (/\bgzip\b/i.test(c.req.header("accept-encoding") ?? "")) {
      c.header("Content-Encoding", "gzip");
      return c.body(sitemap.gzip);
    }
    return c.body(sitemap.xml);
  });
  return app;
}
