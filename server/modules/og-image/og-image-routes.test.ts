import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { PublicOffering } from "../../../contracts/landing";
import { publicOfferingWith } from "../../../tests/factories/public-offering-factory";
import { readApiError } from "../../../tests/support/read-json";
import { isAppError } from "../../lib/errors";
import { createOgImageCache } from "./og-image-cache";
import { ogImageCardFor, ogImagePath } from "./og-image-card";
import { ogImageRoutes } from "./og-image-routes";

const offering = publicOfferingWith();

/**
 * The route with a reader that records what it is asked (the database's stand-in: the route is
 * the unit here) and a renderer that returns fixed bytes.
 */
function routeWithRecordingReader(current: () => PublicOffering = () => offering) {
  const asked: string[] = [];
  const app = new Hono()
    .route(
      "/",
      ogImageRoutes({
        readPublicOffering: async (customUrl) => {
          asked.push(customUrl);
          return customUrl === offering.customUrl ? current() : null;
        },
        images: createOgImageCache({
          maxEntries: 2,
          maxConcurrentRenders: 1,
          render: async () => new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
        }),
      }),
    )
    .onError((error, c) =>
      isAppError(error)
        ? c.json({ error: { code: error.code, message: error.message } }, error.status)
        : c.json({ error: { code: "internal" } }, 500),
    );
  return { app, asked };
}

describe("ogImageRoutes", () => {
  it("answers a path that can't name an image with 404 before asking for the offering", async () => {
    const { app, asked } = routeWithRecordingReader();
    const version = ogImagePath(offering.customUrl, ogImageCardFor(offering)).split("/").at(-1)!;
    for (const path of [
      `/og/${offering.customUrl}%00/${version}`,
      `/og/%00/${version}`,
      `/og/%FF/${version}`,
      `/og/${"a".repeat(101)}/${version}`,
      `/og/Weekly-Lawn/${version}`,
      `/og/${offering.customUrl}/${version.replace(".png", "%00.png")}`,
      `/og/${offering.customUrl}/not-a-version.png`,
      `/og/${offering.customUrl}/${version}.gif`,
    ]) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
      expect((await readApiError(response)).code).toBe("not_found");
    }
    expect(asked).toEqual([]);
  });

  it("asks once for a well-formed path and draws the image", async () => {
    const { app, asked } = routeWithRecordingReader();
    const response = await app.request(ogImagePath(offering.customUrl, ogImageCardFor(offering)));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(asked).toEqual([offering.customUrl]);
  });

  it("sends the monthly image's address to the new one after a cadence edit", async () => {
    let shown = offering;
    const { app } = routeWithRecordingReader(() => shown);
    const monthly = ogImagePath(offering.customUrl, ogImageCardFor(offering));
    expect((await app.request(monthly)).status).toBe(200);
    shown = { ...offering, cadence: "two_weeks" };
    const everyTwoWeeks = ogImagePath(offering.customUrl, ogImageCardFor(shown));
    expect(everyTwoWeeks).not.toBe(monthly);
    const stale = await app.request(monthly, { redirect: "manual" });
    expect(stale.status).toBe(302);
    expect(stale.headers.get("location")).toBe(everyTwoWeeks);
    expect((await app.request(everyTwoWeeks)).status).toBe(200);
  });
});
