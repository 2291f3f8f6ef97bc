import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Offering } from "../../contracts/offerings";
import type { SelfServiceRenderer } from "../../server/modules/web-shell/standalone-renderer";
import { createOffering, createOnboardedCreator } from "../factories/offering-factory";
import { subscribeWithCard } from "../factories/subscriber-factory";
import { createTestApp, type TestApp } from "../setup/test-app";

// The self-service page drawn by the server with the real renderer (the module `vite build
// --ssr` bundles, through Vite here), into the source template (ADR 019).
const webDistDir = path.resolve("web");
const rendererModule = path.resolve("web/src/app/standalone/server-render.tsx");
const hostileTitle = `<script>alert("x")</script> $& deals`;

let app: TestApp;
let offering: Offering;
let manageKey: string;

beforeAll(async () => {
  const { renderSelfServicePage } = (await import(rendererModule)) as {
    renderSelfServicePage: SelfServiceRenderer;
  };
  app = await createTestApp({}, { webDistDir, renderSelfService: renderSelfServicePage });
  const creator = await createOnboardedCreator(app);
  offering = await createOffering(app, creator, { title: hostileTitle, priceCents: 2500 });
  manageKey = (await subscribeWithCard(app, offering, { email: "pat@example.com" })).manageKey;
}, 60_000);
afterAll(() => app?.close());

function bootData(html: string) {
  const json = /<script type="application\/json" id="regulars-boot-data">(.*?)<\/script>/s.exec(
    html,
  )?.[1];
  return JSON.parse(json ?? "null") as {
    customerPortal?: { offering: { title: string }; subscriber: { email: string } } | null;
  };
}

describe("the self-service page", () => {
  it("arrives drawn, with its subscription inlined for hydration, private and unindexed", async () => {
    const response = await app.request(`/customer/${offering.customUrl}/${manageKey}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    const html = await response.text();
    expect(html).toContain("Manage Your Subscription</h1>");
    expect(html).toContain("$25.00");
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).toContain('src="/src/standalone-main.tsx"');
    // A creator's title stays text, in the markup and the head alike.
    expect(html).not.toContain('<script>alert("x")</script>');
    expect(html).toContain("<title>Manage Your Subscription · &lt;script&gt;alert(&quot;x&quot;)");
    const data = bootData(html).customerPortal;
    expect(data?.offering.title).toBe(hostileTitle);
    expect(data?.subscriber.email).toBe("pat@example.com");
  });

  it("says Subscription Not Found, as a 404, for an id or address that names none", async () => {
    for (const url of [
      `/customer/${offering.customUrl}/00000000-0000-4000-8000-000000000000`,
      `/customer/${offering.customUrl}/not-a-uuid`,
      `/customer/NOT-A-SLUG/${manageKey}`,
    ]) {
      const response = await app.request(url);
      expect(response.status, url).toBe(404);
      expect(response.headers.get("cache-control"), url).toBe("no-store");
      const html = await response.text();
      expect(html, url).toContain("Subscription Not Found");
      expect(bootData(html).customerPortal, url).toBeNull();
    }
  });
});

describe("sign-in", () => {
  it("is the standalone entry, with the boot data filled in", async () => {
    for (const mode of ["signin", "signup"]) {
      const response = await app.request(`/?auth=${mode}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('src="/src/standalone-main.tsx"');
      expect(html).toContain('id="regulars-boot-data"');
    }
  });

  it("is drawn so that a submit before hydration can't put the password in the address", async () => {
    const { prerenderSignInPages } = (await import(
      path.resolve("web/src/app/standalone/server-render.tsx")
    )) as { prerenderSignInPages: () => { name: string; html: string }[] };
    for (const { name, html } of prerenderSignInPages()) {
      const form = /<form[^>]*>/.exec(html)?.[0] ?? "";
      expect(form, name).toContain('method="post"');
      const submit = /<button[^>]*type="submit"[^>]*>/.exec(html)?.[0] ?? "";
      expect(submit, name).toMatch(/\sdisabled(=""|\s|>)/);
    }
  });
});
