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
  // Sign-in is a public page (ADR 019): no rule keeps "/?auth=signin" out.
  expect(text).not.toMatch(/auth=/);
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

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(bytes: Buffer) {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.subarray(12, 16).toString("latin1")).toBe("IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test("a landing page states its monthly price in JSON-LD and links a 1200×630 preview", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { offering } = await createSellingCreator(request, baseURL!, {
    title: "Łódź Żółć Ősz — weekly garden care with a long latin-ext title, Kraków & Győr",
    priceCents: 3000,
  });
  await page.goto(`/${offering.customUrl}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Łódź Żółć Ősz");

  const jsonLd = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent()) ?? "null",
  );
  expect(jsonLd["@type"]).toBe("Product");
  expect(jsonLd.name).toBe(offering.title);
  expect(jsonLd.offers).toMatchObject({
    "@type": "Offer",
    price: "30.00",
    priceCurrency: "USD",
    availability: "https://schema.org/InStock",
    priceSpecification: { unitCode: "MON", billingDuration: 1, price: "30.00" },
  });
  // Both addresses name the one the sitemap lists.
  const canonical = `${baseURL}/landing/${offering.customUrl}`;
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", canonical);
  expect(jsonLd.offers.url).toBe(canonical);

  const imageUrl = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(imageUrl).toMatch(new RegExp(`^${baseURL}/og/${offering.customUrl}/[\\w-]{16}\\.png$`));
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute(
    "content",
    "summary_large_image",
  );
  const image = await request.get(imageUrl!);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/png");
  expect(image.headers()["cache-control"]).toContain("immutable");
  expect(pngSize(await image.body())).toEqual({ width: 1200, height: 630 });
});
