import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Offering } from "../../contracts/offerings";
import { asCreator } from "../factories/creator-factory";
import { createOffering, type OnboardedCreator } from "../factories/offering-factory";
import { jsonRequest, TEST_ORIGIN, type TestApp } from "../setup/test-app";
import { readApiError } from "../support/read-json";
import { startCreatorAppPerFile } from "../support/test-app-per-file";

// Issue 14: each landing page's preview image, drawn on the server at a versioned address.

const longLatinExtTitle =
  "Łódź Żółć: cœur de Ősz — éclairs, naïve café, über-premium weekly organic vegetable box, Kraków & Győr";

let app: TestApp;
let creator: OnboardedCreator;
let offering: Offering;

// The web shell serves the source templates: the image address comes from the page's head.
startCreatorAppPerFile(
  async (started) => {
    ({ app, creator } = started);
    offering = await createOffering(app, creator, { title: longLatinExtTitle, priceCents: 3000 });
  },
  { webDistDir: path.resolve("web") },
);

/** The image address the landing page names in og:image, as a path on the test app. */
async function imagePathOf(customUrl: string): Promise<string> {
  const response = await app.request(`/landing/${customUrl}`);
  expect(response.status).toBe(200);
  const image = /<meta property="og:image" content="([^"]+)"/.exec(await response.text())?.[1];
  expect(image?.startsWith(`${TEST_ORIGIN}/og/`), image).toBe(true);
  return image!.slice(TEST_ORIGIN.length);
}

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  expect([...bytes.subarray(0, 8)]).toEqual(signature);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect(new TextDecoder().decode(bytes.subarray(12, 16))).toBe("IHDR");
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

async function expectNotFoundJson(url: string) {
  const response = await app.request(url);
  expect(response.status, url).toBe(404);
  expect(response.headers.get("content-type"), url).toMatch(/^application\/json/);
  const error = await readApiError(response);
  expect(error.code, url).toBe("not_found");
  expect(error.message.length, url).toBeGreaterThan(20);
}

describe("GET /og/{customUrl}/{version}.png", () => {
  it("answers a 1200×630 PNG, cacheable for good, with an ETag", async () => {
    const url = await imagePathOf(offering.customUrl);
    const response = await app.request(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("etag")).toMatch(/^"[A-Za-z0-9_-]{16}"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
  });

  it("answers 304 to a client that has it, and the same bytes from memory again", async () => {
    const url = await imagePathOf(offering.customUrl);
    const first = await app.request(url);
    const etag = first.headers.get("etag")!;
    const bytes = new Uint8Array(await first.arrayBuffer());
    const revalidated = await app.request(url, { headers: { "If-None-Match": etag } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("etag")).toBe(etag);
    expect((await revalidated.arrayBuffer()).byteLength).toBe(0);
    const weak = await app.request(url, { headers: { "If-None-Match": `"other", W/${etag}` } });
    expect(weak.status).toBe(304);
    const again = await app.request(url);
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(bytes);
  });

  it("moves to a new address when the price changes; the old one sends there", async () => {
    const edited = await createOffering(app, creator, { title: "Dog Walks", priceCents: 2500 });
    const before = await imagePathOf(edited.customUrl);
    const oldBytes = new Uint8Array(await (await app.request(before)).arrayBuffer());
    const response = await app.request(
      `/api/offerings/${edited.id}`,
      asCreator(
        creator,
        jsonRequest("PATCH", {
          title: edited.title,
          description: edited.description,
          priceCents: 4000,
        }),
      ),
    );
    expect(response.status).toBe(200);
    // The public read is cached for a second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const after = await imagePathOf(edited.customUrl);
    expect(after).not.toBe(before);
    const stale = await app.request(before, { redirect: "manual" });
    expect(stale.status).toBe(302);
    expect(stale.headers.get("location")).toBe(after);
    expect(stale.headers.get("cache-control")).not.toContain("immutable");
    const fresh = await app.request(after);
    expect(fresh.status).toBe(200);
    const newBytes = new Uint8Array(await fresh.arrayBuffer());
    expect(pngSize(newBytes)).toEqual({ width: 1200, height: 630 });
    expect(newBytes).not.toEqual(oldBytes);
  });

  it("draws a weekly offering's own image, and moves it when the cadence changes", async () => {
    const monthly = await createOffering(app, creator, { title: "Fresh Bread", priceCents: 4500 });
    const weekly = await createOffering(app, creator, {
      title: "Fresh Bread",
      priceCents: 4500,
      cadence: "week",
    });
    const weeklyPath = await imagePathOf(weekly.customUrl);
    const monthlyPath = await imagePathOf(monthly.customUrl);
    // The same title and price: only "/week" against "/month" tells the two versions apart.
    expect(weeklyPath.split("/").at(-1)).not.toBe(monthlyPath.split("/").at(-1));
    const weeklyBytes = new Uint8Array(await (await app.request(weeklyPath)).arrayBuffer());
    const monthlyBytes = new Uint8Array(await (await app.request(monthlyPath)).arrayBuffer());
    expect(pngSize(weeklyBytes)).toEqual({ width: 1200, height: 630 });
    expect(weeklyBytes).not.toEqual(monthlyBytes);

    const response = await app.request(
      `/api/offerings/${weekly.id}`,
      asCreator(
        creator,
        jsonRequest("PATCH", {
          title: weekly.title,
          description: weekly.description,
          priceCents: weekly.priceCents,
          cadence: "two_weeks",
        }),
      ),
    );
    expect(response.status, await response.clone().text()).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const after = await imagePathOf(weekly.customUrl);
    expect(after).not.toBe(weeklyPath);
    const stale = await app.request(weeklyPath, { redirect: "manual" });
    expect(stale.status).toBe(302);
    expect(stale.headers.get("location")).toBe(after);
  });

  it("answers 404 JSON for an unknown or deactivated offering", async () => {
    const version = (await imagePathOf(offering.customUrl)).split("/").at(-1)!;
    await expectNotFoundJson(`/og/no-such-offering-12345678/${version}`);
    const retired = await createOffering(app, creator, { title: "Snow Clearing" });
    const retiredUrl = await imagePathOf(retired.customUrl);
    const status = await app.request(
      `/api/offerings/${retired.id}/status`,
      asCreator(
        creator,
        jsonRequest("PATCH", { isActive: false, liveSubscribers: "keep_billing" }),
      ),
    );
    expect(status.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await expectNotFoundJson(retiredUrl);
  });

  it("answers 404 JSON for a path that can't name an image: NUL, bad bytes, bad version", async () => {
    const version = (await imagePathOf(offering.customUrl)).split("/").at(-1)!;
    for (const url of [
      `/og/${offering.customUrl}%00/${version}`,
      `/og/%00/${version}`,
      `/og/%FF%FE/${version}`,
      `/og/${offering.customUrl}/${version.replace(".png", "%00.png")}`,
      `/og/${offering.customUrl}/${version.replace(".png", ".jpg")}`,
      `/og/${offering.customUrl}/short.png`,
      `/og/${offering.customUrl.toUpperCase()}/${version}`,
      `/og/${offering.customUrl}`,
      `/og/${offering.customUrl}/${version}/more`,
      "/og/",
    ]) {
      await expectNotFoundJson(url);
    }
  });
});
