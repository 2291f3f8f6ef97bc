import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Offering, UpdateOfferingInput } from "../../contracts/offerings";
import type { LandingRenderer } from "../../server/modules/web-shell/landing-renderer";
import { asCreator } from "../factories/creator-factory";
import { createOffering, type OnboardedCreator } from "../factories/offering-factory";
import { jsonRequest, type TestApp } from "../setup/test-app";
import { startCreatorAppPerFile } from "../support/test-app-per-file";

// Issue 14: whole landing pages are kept drawn and compressed (landing-page-cache.ts). What a
// visitor gets must still follow the offering as the public offering cache does, within a second.

const rendererModule = path.resolve("web/src/features/landing/server-render.tsx");
const { renderLandingApp } = (await import(rendererModule)) as {
  renderLandingApp: LandingRenderer;
};

let app: TestApp;
let creator: OnboardedCreator;

startCreatorAppPerFile(
  (started) => {
    ({ app, creator } = started);
  },
  { webDistDir: path.resolve("web"), renderLanding: renderLandingApp },
);

async function landing(customUrl: string, acceptEncoding: string) {
  const response = await app.request(`/landing/${customUrl}`, {
    headers: { "accept-encoding": acceptEncoding },
  });
  return { response, html: await response.text() };
}

/** Past the public offering cache's second. */
const afterTheOfferingCache = () => new Promise((resolve) => setTimeout(resolve, 1100));

describe("a landing page kept drawn", () => {
  it("is the same page as text, brotli and gzip, each marked as such", async () => {
    const offering = await createOffering(app, creator, { title: "Window Cleaning" });
    const text = await landing(offering.customUrl, "identity");
    expect(text.response.headers.get("content-encoding")).toBeNull();
    expect(text.html).toContain("<title>Window Cleaning — $25.00/month</title>");
    for (const coding of ["br", "gzip"]) {
      const { response, html } = await landing(offering.customUrl, coding);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-encoding")).toBe(coding);
      expect(response.headers.get("vary")).toBe("Accept-Encoding");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("content-type")).toBe("text/html; charset=UTF-8");
      expect(html).toBe(text.html);
    }
  });

  it("shows a price and title edit within a second, in every coding", async () => {
    const offering = await createOffering(app, creator, { title: "Gutter Cleaning" });
    for (const coding of ["identity", "br", "gzip"]) {
      expect((await landing(offering.customUrl, coding)).html).toContain("$25.00/month");
    }
    await editOffering(offering, { title: "Gutter Care", priceCents: 4000 });
    await afterTheOfferingCache();
    for (const coding of ["identity", "br", "gzip"]) {
      const { html } = await landing(offering.customUrl, coding);
      expect(html, coding).toContain("<title>Gutter Care — $40.00/month</title>");
      expect(html, coding).toMatch(/<h1 id="offering-title"[^>]*>Gutter Care<\/h1>/);
      expect(html, coding).toContain('"priceCents":4000');
      expect(html, coding).not.toContain("$25.00/month");
    }
  });

  it("shows a cadence and free-trial edit within a second (issue 20)", async () => {
    const offering = await createOffering(app, creator, { title: "Pool Cleaning" });
    expect((await landing(offering.customUrl, "br")).html).toContain('"cadence":"month"');
    await editOffering(offering, {
      title: offering.title,
      priceCents: offering.priceCents,
      cadence: "week",
      trialDays: 14,
    });
    await afterTheOfferingCache();
    for (const coding of ["identity", "br", "gzip"]) {
      const { html } = await landing(offering.customUrl, coding);
      expect(html, coding).toContain("<title>Pool Cleaning — $25.00/week</title>");
      expect(html, coding).toContain('"cadence":"week","trialDays":14');
      expect(html, coding).not.toContain("$25.00/month");
    }
  });

  it("is gone within a second of the offering's deactivation", async () => {
    const offering = await createOffering(app, creator, { title: "Snow Clearing" });
    expect((await landing(offering.customUrl, "br")).response.status).toBe(200);
    const status = await app.request(
      `/api/offerings/${offering.id}/status`,
      asCreator(
        creator,
        jsonRequest("PATCH", { isActive: false, liveSubscribers: "keep_billing" }),
      ),
    );
    expect(status.status).toBe(200);
    await afterTheOfferingCache();
    const { response, html } = await landing(offering.customUrl, "br");
    expect(response.status).toBe(404);
    expect(html).toContain("Subscription Not Found");
    expect(html).not.toContain("Snow Clearing");
    const short = await app.request(`/${offering.customUrl}`, { redirect: "manual" });
    expect(short.status).toBe(302);
  });
});

async function editOffering(offering: Offering, changes: Omit<UpdateOfferingInput, "description">) {
  const response = await app.request(
    `/api/offerings/${offering.id}`,
    asCreator(creator, jsonRequest("PATCH", { description: offering.description, ...changes })),
  );
  expect(response.status).toBe(200);
}
