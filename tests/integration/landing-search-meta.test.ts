import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Offering } from "../../contracts/offerings";
import { createOffering, createOnboardedCreator } from "../factories/offering-factory";
import { createTestAppWithPages, TEST_ORIGIN, type TestApp } from "../setup/test-app";

// Issue 14: what search engines and chat apps read from a landing page's head. The web shell
// serves the source templates: what matters is what the server writes into them.
const hostileTitle = "</script><script>alert(1)</script> & <!-- -->";

let app: TestApp;
let offering: Offering;
let hostile: Offering;
let everyTwoWeeks: Offering;

beforeAll(async () => {
  app = await createTestAppWithPages();
  const creator = await createOnboardedCreator(app);
  offering = await createOffering(app, creator, {
    title: "Weekly Lawn Care",
    subcategory: "Lawn Care",
    priceCents: 3000,
  });
  hostile = await createOffering(app, creator, { title: hostileTitle, priceCents: 2505 });
  everyTwoWeeks = await createOffering(app, creator, {
    title: "Dog Walks",
    subcategory: "Dog Walking",
    priceCents: 4500,
    cadence: "two_weeks",
  });
}, 60_000);
afterAll(async () => {
  await app?.close();
});

async function landingHtml(url: string) {
  const response = await app.request(url);
  expect(response.status, url).toBe(200);
  return response.text();
}

function jsonLdBlocks(html: string): string[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => m[1]!,
  );
}

/** `<meta property|name="key" content="…">`, unescaped the way a parser would. */
function metaContent(html: string, key: string): string | undefined {
  const raw = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];
  return raw
    ?.replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

const canonical = (customUrl: string) => `${TEST_ORIGIN}/landing/${customUrl}`;

describe("a landing page's head", () => {
  it("carries a Product JSON-LD with a monthly USD offer at the canonical address", async () => {
    const html = await landingHtml(`/landing/${offering.customUrl}`);
    const blocks = jsonLdBlocks(html);
    expect(blocks).toHaveLength(1);
    const jsonLd = JSON.parse(blocks[0]!);
    expect(jsonLd).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Weekly Lawn Care",
      category: "Lawn Care",
      brand: { "@type": "Brand", name: "Green Thumb Lawn Care" },
      offers: {
        "@type": "Offer",
        price: "30.00",
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
        url: canonical(offering.customUrl),
        seller: { "@type": "Organization", name: "Green Thumb Lawn Care" },
        priceSpecification: {
          "@type": "UnitPriceSpecification",
          price: "30.00",
          priceCurrency: "USD",
          unitCode: "MON",
          billingDuration: 1,
          referenceQuantity: { value: 1, unitCode: "MON" },
        },
      },
    });
    expect(jsonLd.image).toBe(metaContent(html, "og:image"));
  });

  it("names the same canonical address, the sitemap's, from both URL forms", async () => {
    const sitemap = await (await app.request("/sitemap.xml")).text();
    expect(sitemap).toContain(`<loc>${canonical(offering.customUrl)}</loc>`);
    for (const url of [`/landing/${offering.customUrl}`, `/${offering.customUrl}`]) {
      const html = await landingHtml(url);
      const links = [...html.matchAll(/<link rel="canonical" href="([^"]+)"/g)].map((m) => m[1]);
      expect(links, url).toEqual([canonical(offering.customUrl)]);
      expect(metaContent(html, "og:url"), url).toBe(canonical(offering.customUrl));
    }
  });

  it("offers a large preview image at its versioned address, with its size and alt text", async () => {
    const html = await landingHtml(`/landing/${offering.customUrl}`);
    const image = metaContent(html, "og:image")!;
    expect(image).toMatch(
      new RegExp(`^${TEST_ORIGIN}/og/${offering.customUrl}/[A-Za-z0-9_-]{16}\\.png$`),
    );
    expect(metaContent(html, "og:image:width")).toBe("1200");
    expect(metaContent(html, "og:image:height")).toBe("630");
    expect(metaContent(html, "og:image:type")).toBe("image/png");
    expect(metaContent(html, "og:image:alt")).toBe("Weekly Lawn Care: Lawn Care, $30.00/month");
    expect(metaContent(html, "twitter:card")).toBe("summary_large_image");
    expect(metaContent(html, "twitter:image")).toBe(image);
  });

  it("says an offering's own cadence in the title, the image's alt text and the JSON-LD", async () => {
    const html = await landingHtml(`/landing/${everyTwoWeeks.customUrl}`);
    expect(html).toContain("<title>Dog Walks — $45.00 every 2 weeks</title>");
    expect(metaContent(html, "og:title")).toBe("Dog Walks — $45.00 every 2 weeks");
    expect(metaContent(html, "og:image:alt")).toBe("Dog Walks: Dog Walking, $45.00 every 2 weeks");
    const jsonLd = JSON.parse(jsonLdBlocks(html)[0]!);
    expect(jsonLd.offers.priceSpecification).toMatchObject({
      price: "45.00",
      unitCode: "WEE",
      billingDuration: 2,
      referenceQuantity: { value: 2, unitCode: "WEE" },
    });
    expect(html).not.toContain("month");
  });

  it("keeps a title that tries to close the script element inside the JSON-LD", async () => {
    const html = await landingHtml(`/landing/${hostile.customUrl}`);
    expect(html).not.toContain("<script>alert(1)");
    const blocks = jsonLdBlocks(html);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).not.toMatch(/[<>&]/);
    const jsonLd = JSON.parse(blocks[0]!);
    expect(jsonLd.name).toBe(hostileTitle);
    expect(jsonLd.offers.price).toBe("25.05");
    expect(metaContent(html, "og:image:alt")).toBe(`${hostileTitle}: Lawn Care, $25.05/month`);
  });

  it("has no JSON-LD or preview image on the not-found page", async () => {
    const response = await app.request("/landing/no-such-offering-12345678");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(jsonLdBlocks(html)).toEqual([]);
    expect(html).not.toContain("og:image");
  });
});
