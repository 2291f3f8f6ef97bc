import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Offering } from "../../contracts/offerings";
import type { LandingRenderer } from "../../server/modules/web-shell/landing-renderer";
import { createOffering, createOnboardedCreator } from "../factories/offering-factory";
import { createTestApp, type TestApp } from "../setup/test-app";

// The web shell with the real landing renderer (the same module `vite build --ssr` bundles),
// serving the source templates: what matters here is what the server writes into them.
const webDistDir = path.resolve("web");
// Through Vite at run time: the server's type check doesn't cover the web app's JSX.
const rendererModule = path.resolve("web/src/features/landing/server-render.tsx");
const hostileTitle = `<script>alert("x")</script> $& $' deals`;

let app: TestApp;
let offering: Offering;
let hostile: Offering;
let weekly: Offering;

beforeAll(async () => {
  const { renderLandingApp } = (await import(rendererModule)) as {
    renderLandingApp: LandingRenderer;
  };
  app = await createTestApp({}, { webDistDir, renderLanding: renderLandingApp });
  const creator = await createOnboardedCreator(app);
  offering = await createOffering(app, creator, { title: "Weekly Lawn Care" });
  hostile = await createOffering(app, creator, { title: hostileTitle });
  weekly = await createOffering(app, creator, {
    title: "Fresh Bread",
    priceCents: 4500,
    cadence: "week",
  });
});
afterAll(() => app.close());

async function page(url: string) {
  const response = await app.request(url, { redirect: "manual" });
  return { status: response.status, response, html: await response.text() };
}

/** The JSON the server inlined for the browser. */
function bootData(html: string) {
  const json = /<script type="application\/json" id="regulars-boot-data">(.*?)<\/script>/s.exec(
    html,
  )?.[1];
  return JSON.parse(json ?? "null") as { landing?: { title: string } | null };
}

describe("landing pages are drawn on the server", () => {
  it("writes the title, price and call to action into the HTML, with the data inlined", async () => {
    const { status, response, html } = await page(`/landing/${offering.customUrl}`);
    expect(status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(html).toMatch(/<h1 id="offering-title"[^>]*>Weekly Lawn Care<\/h1>/);
    expect(html).toContain("$25.00/month");
    expect(html).toContain(">Subscribe Now</button>");
    expect(html).toContain("<title>Weekly Lawn Care — $25.00/month</title>");
    expect(html).toContain('src="/src/landing-main.tsx"');
    expect(bootData(html).landing?.title).toBe("Weekly Lawn Care");
  });

  it("says a weekly offering's cadence in the head and the markup, and never month", async () => {
    const { status, html } = await page(`/landing/${weekly.customUrl}`);
    expect(status).toBe(200);
    expect(html).toContain("<title>Fresh Bread — $45.00/week</title>");
    expect(html).toContain(">Subscribe for $45.00/week</button>");
    expect(html).not.toContain("month");
  });

  it("serves the same page at the short address", async () => {
    const { status, html } = await page(`/${offering.customUrl}`);
    expect(status).toBe(200);
    expect(html).toMatch(/<h1 id="offering-title"[^>]*>Weekly Lawn Care<\/h1>/);
  });

  it("answers an unknown offering with 404 and the not-found page", async () => {
    const { status, html } = await page("/landing/no-such-offering");
    expect(status).toBe(404);
    expect(html).toContain("Subscription Not Found");
    expect(bootData(html).landing).toBeNull();
  });

  it("sends an unknown short address home", async () => {
    const { status, response } = await page("/no-such-offering");
    expect(status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
  });

  it("answers a missing asset with a 404, never the app's HTML", async () => {
    for (const url of ["/assets/index-gone.js", "/assets/nested/old.css"]) {
      const { status, response, html } = await page(url);
      expect(status).toBe(404);
      expect(response.headers.get("content-type")).not.toContain("text/html");
      expect(html).not.toContain("<html");
    }
  });

  it("serves the app shell, not a landing page, for the app's own routes", async () => {
    for (const url of ["/dashboard", "/features"]) {
      const { status, html } = await page(url);
      expect(status, url).toBe(200);
      expect(html, url).toContain('src="/src/main.tsx"');
      expect(html, url).toContain('<div id="root"></div>');
    }
    // The self-service page is the small standalone entry (ADR 019), never a landing page.
    const { status, html } = await page("/customer/x/y");
    expect(status).toBe(200);
    expect(html).toContain('src="/src/standalone-main.tsx"');
    expect(html).not.toContain('src="/src/main.tsx"');
  });

  it("keeps a creator's text as text in the markup, the head and the inlined data", async () => {
    const { status, html } = await page(`/landing/${hostile.customUrl}`);
    expect(status).toBe(200);
    expect(html).not.toContain('<script>alert("x")</script>');
    expect(html).toContain(
      "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; $&amp; $&#x27; deals",
    );
    // "$&" and "$'" are replacement patterns to String.replace; they must arrive literally.
    expect(html).toContain(
      "<title>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; $&amp; $&#39; deals",
    );
    expect(bootData(html).landing?.title).toBe(hostileTitle);
  });
});

describe("without the landing page's server build", () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp({}, { webDistDir });
  });
  afterAll(() => bare.close());

  it("still serves the page with its data, for the browser to draw", async () => {
    const creator = await createOnboardedCreator(bare);
    const created = await createOffering(bare, creator, { title: "Dog Walking" });
    const response = await bare.request(`/landing/${created.customUrl}`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain('<div id="root"></div>');
    expect(bootData(html).landing?.title).toBe("Dog Walking");
  });
});
