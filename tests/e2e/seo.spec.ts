import { expect, test } from "./fixtures";
import { createSellingCreator } from "./helpers/api";

test("robots.txt opens the public pages and closes the private ones", async ({ request }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
  const text = await response.text();
  expect(text).toMatch(/^Allow: \/landing\/$/m);
  expect(text).toMatch(/^Disallow: \/api\/$/m);
  expect(text).toMatch(/^Disallow: \/dashboard\$$/m);
  expect(text).toMatch(/^Disallow: \/customer\/$/m);
  expect(text).toMatch(/^Sitemap: http:\/\/\S+\/sitemap\.xml$/m);
});

test("sitemap.xml lists a new landing page within a minute", async ({ request, baseURL }) => {
  test.setTimeout(120_000);
  const { offering } = await createSellingCreator(request, baseURL!, {
    title: "Crawlable Lawn Care",
    priceCents: 3000,
  });
  const paths = async () => {
    const xml = await (await request.get("/sitemap.xml")).text();
    return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  };
  expect(await paths()).toEqual(expect.arrayContaining(["/", "/features", "/pricing"]));
  await expect
    .poll(paths, { timeout: 60_000, intervals: [2_000] })
    .toContain(`/landing/${offering.customUrl}`);
});
