import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { publicOfferingWith } from "../../../tests/factories/public-offering-factory";
import { createLandingPageCache } from "./landing-page-cache";

const offeringWith = publicOfferingWith;

/** A page cache over a drawing that counts its calls. */
function countingCache(maxEntries?: number) {
  const drawn: string[] = [];
  const cache = createLandingPageCache((offering) => {
    drawn.push(offering.customUrl);
    return `<h1>${offering.title}</h1><p>${offering.priceCents}</p>${"<p>filler</p>".repeat(200)}`;
  }, maxEntries);
  return { cache, drawn };
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe("createLandingPageCache", () => {
  it("draws an offering once, and again only when the reader hands out different content", () => {
    const { cache, drawn } = countingCache();
    const offering = offeringWith();
    const first = cache.pageFor(offering);
    expect(cache.pageFor(offering)).toBe(first);
    // The offering cache's next read: a new object with the same content is the same page.
    expect(cache.pageFor(offeringWith())).toBe(first);
    expect(drawn).toHaveLength(1);

    const repriced = cache.pageFor(offeringWith({ priceCents: 4000 }));
    expect(repriced).not.toBe(first);
    expect(text(repriced.html)).toContain("<p>4000</p>");
    expect(drawn).toHaveLength(2);
    const retitled = cache.pageFor(offeringWith({ priceCents: 4000, title: "Lawn Care" }));
    expect(text(retitled.html)).toContain("<h1>Lawn Care</h1>");
    expect(drawn).toHaveLength(3);
  });

  it("draws again when the cadence or the trial changes, which the page shows (issue 20)", () => {
    const { cache, drawn } = countingCache();
    const monthly = cache.pageFor(offeringWith());
    const weekly = cache.pageFor(offeringWith({ cadence: "week" }));
    expect(weekly).not.toBe(monthly);
    const withTrial = cache.pageFor(offeringWith({ cadence: "week", trialDays: 14 }));
    expect(withTrial).not.toBe(weekly);
    expect(cache.pageFor(offeringWith({ cadence: "week", trialDays: 14 }))).toBe(withTrial);
    expect(drawn).toHaveLength(3);
  });

  it("keeps each page apart by address", () => {
    const { cache } = countingCache();
    const lawn = cache.pageFor(offeringWith());
    const snow = cache.pageFor(offeringWith({ customUrl: "snow-clearing-1", title: "Snow" }));
    expect(text(snow.html)).toContain("<h1>Snow</h1>");
    expect(text(lawn.html)).toContain("<h1>Weekly Lawn Care</h1>");
  });

  it("holds at most maxEntries pages, dropping the least recently used", () => {
    const { cache, drawn } = countingCache(2);
    const a = offeringWith({ customUrl: "a" });
    const b = offeringWith({ customUrl: "b" });
    const c = offeringWith({ customUrl: "c" });
    cache.pageFor(a);
    cache.pageFor(b);
    cache.pageFor(a); // a is now the most recent; b goes first
    cache.pageFor(c);
    expect(drawn).toEqual(["a", "b", "c"]);
    cache.pageFor(a);
    expect(drawn).toEqual(["a", "b", "c"]);
    cache.pageFor(b);
    expect(drawn).toEqual(["a", "b", "c", "b"]);
  });

  it("compresses each coding once, to the same page", async () => {
    const { cache } = countingCache();
    const page = cache.pageFor(offeringWith());
    const br = page.encoded("br");
    expect(page.encoded("br")).toBe(br);
    expect(text(brotliDecompressSync(await br))).toBe(text(page.html));
    const gzip = await page.encoded("gzip");
    expect(text(gunzipSync(gzip))).toBe(text(page.html));
    expect(gzip.byteLength).toBeLessThan(page.html.byteLength);
  });
});
