/**
 * Pages a search engine has no use for: they need an account, a customer's bearer link, or are
 * a step of a flow. Each is matched exactly (`$`) or with a query or a deeper path, never as a
 * bare prefix, so a landing page at `/{customUrl}` that happens to start with one of these words
 * ("/manager-training-3f9a1c2b") stays crawlable. RFC 9309 defines `$` and `*`.
 */
const privatePages = [
  "/dashboard",
  "/manage",
  "/success",
  "/forgot-password",
  "/reset-password",
  "/connect-complete.html",
  "/metrics",
];

/** Whole trees that are never public pages. `/assets/` stays open: crawlers render with it. */
const privateTrees = ["/api/", "/customer/", "/dev/"];

/**
 * robots.txt: the marketing pages, sign-in and sign-up ("/?auth=signin|signup", public pages
 * drawn at build time, ADR 019) and landing pages (both URL forms) are open; the dashboard,
 * the API and customers' self-service pages are not.
 */
export function renderRobotsTxt(publicUrl: string): string {
  const lines = ["User-agent: *", "Allow: /", "Allow: /landing/"];
  for (const tree of privateTrees) lines.push(`Disallow: ${tree}`);
  for (const page of privatePages) {
    lines.push(`Disallow: ${page}$`, `Disallow: ${page}?`, `Disallow: ${page}/`);
  }
  lines.push("", `Sitemap: ${publicUrl}/sitemap.xml`, "");
  return lines.join("\n");
}
