import { describe, expect, it } from "vitest";
import type { Offering } from "../../contracts/offerings";
import { createSitemapReader } from "../../server/modules/seo/sitemap";
import { asCreator, type TestCreator } from "../factories/creator-factory";
import { createOffering } from "../factories/offering-factory";
import { jsonRequest, type TestApp } from "../setup/test-app";
import { startCreatorAppPerFile } from "../support/test-app-per-file";

let app: TestApp;
let creator: TestCreator;
let live: Offering;
let retired: Offering;
// A custom URL a crawler would mangle unescaped is impossible (slugs are [a-z0-9-]), so the
// escaping is proven on the public URL instead.
const origin = "http://127.0.0.1";

startCreatorAppPerFile(async (started) => {
  ({ app, creator } = started);
  live = await createOffering(app, creator, { title: "Weekly Lawn Care" });
  retired = await createOffering(app, creator, { title: "Snow Clearing" });
  await setActive(retired, false);
});

async function setActive(offering: Offering, isActive: boolean) {
  const response = await app.request(
    `/api/offerings/${offering.id}/status`,
    asCreator(
      creator,
      jsonRequest("PATCH", isActive ? { isActive } : { isActive, liveSubscribers: "keep_billing" }),
    ),
  );
  expect(response.status).toBe(200);
}

describe("robots.txt", () => {
  it("opens the public pages and closes the dashboard, the API and customer pages", async () => {
    const response = await app.request("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Allow: \/$/m);
    expect(text).toMatch(/^Allow: \/landing\/$/m);
    for (const closed of ["/api/", "/customer/", "/dashboard$", "/manage$", "/success$"]) {
      expect(text).toContain(`Disallow: ${closed}`);
    }
    // Sign-in and sign-up ("/?auth=signin|signup") are public pages: no rule names them.
    expect(text).not.toMatch(/auth=/);
    expect(text).toMatch(/^Sitemap: http:\/\/\S+\/sitemap\.xml$/m);
  });
});

describe("sitemap.xml", () => {
  it("lists the marketing pages and every active landing page, not a deactivated one", async () => {
    const response = await app.request("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/xml/);
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(locs).toEqual(
      expect.arrayContaining(["/", "/features", "/pricing", `/landing/${live.customUrl}`]),
    );
    expect(locs).not.toContain(`/landing/${retired.customUrl}`);
  });

  it("answers gzip to a crawler that asks, and 304 to one that has it", async () => {
    const plain = await (await app.request("/sitemap.xml")).text();
    const zipped = await app.request("/sitemap.xml", { headers: { "Accept-Encoding": "gzip" } });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    // fetch undoes the gzip, so what arrives must be the same document.
    expect(await zipped.text()).toBe(plain);
    const etag = zipped.headers.get("etag")!;
    const again = await app.request("/sitemap.xml", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
  });

  it("follows offerings as they are published and deactivated", async () => {
    const read = createSitemapReader(app.runtime.deps.db, `${origin}/a&b`, 0);
    const added = await createOffering(app, creator, { title: "Dog Walking" });
    expect((await read()).xml).toContain(`/landing/${added.customUrl}`);
    await setActive(added, false);
    expect((await read()).xml).not.toContain(`/landing/${added.customUrl}`);
    await setActive(retired, true);
    const { xml } = await read();
    expect(xml).toContain(`/landing/${retired.customUrl}`);
    expect(xml).toContain(`${origin}/a&amp;b/pricing`);
  });
});
