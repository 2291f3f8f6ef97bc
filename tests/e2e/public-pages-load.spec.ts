import { expect, test } from "./fixtures";
import { createSellingCreator, subscribeThroughApi } from "./helpers/api";

// Issue 14: the pages strangers open on a phone. Marketing pages arrive drawn (prerendered at
// build time, ADR 017); sign-in and the self-service page load none of the dashboard's code.

const marketingPages = [
  { path: "/", heading: "Turn your service into steady monthly income" },
  { path: "/features", heading: "Everything a small service business needs to bill monthly" },
  { path: "/pricing", heading: "Start free. Pay only when you get paid." },
];

/** Chunks of the signed-in screens (names from vite's build: the route and its chart library). */
const dashboardChunk = /\/assets\/(dashboard-route|onboarding-route|CartesianChart)-[^/]*\.js$/;

for (const { path, heading } of marketingPages) {
  test(`${path} holds its content before any JavaScript runs`, async ({ request }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(heading);
    // The stylesheet is in the page, and the only script is the islands' entry.
    expect(html).toMatch(/<style>/);
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    expect(html.match(/<script type="module"[^>]*src="([^"]+)"/g)).toHaveLength(1);
    expect(html).toMatch(/<script type="module"[^>]*src="\/assets\/marketing-[^"]+\.js"/);
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
  });
}

test("with scripts off the home page still reads and links to sign-in", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(marketingPages[0]!.heading);
  await expect(page.getByRole("link", { name: "Sign In" }).first()).toHaveAttribute(
    "href",
    "/?auth=signin",
  );
  await context.close();
});

async function scriptsLoadedBy(page: import("@playwright/test").Page, path: string) {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  return scripts;
}

test("sign-in loads no dashboard code", async ({ page }) => {
  const scripts = await scriptsLoadedBy(page, "/?auth=signin");
  await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => dashboardChunk.test(s))).toEqual([]);
});

test("the self-service page loads no dashboard code", async ({ page, baseURL }) => {
  const seller = await createSellingCreator(page.request, baseURL!, {
    title: "Bundle Lawn Care",
    priceCents: 2500,
  });
  const manageKey = await subscribeThroughApi(
    page.request,
    baseURL!,
    seller.offering.customUrl,
    "Bundle Customer",
  );
  const scripts = await scriptsLoadedBy(
    page,
    `/customer/${seller.offering.customUrl}/${manageKey}`,
  );
  await expect(page.getByText("Bundle Lawn Care").first()).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => dashboardChunk.test(s))).toEqual([]);
});

test("sign-in and the self-service page arrive drawn, before any JavaScript runs", async ({
  request,
  baseURL,
}) => {
  // Sign-in and sign-up are drawn at build time, the self-service page by the server (ADR 019).
  for (const [path, heading] of [
    ["/?auth=signin", "Welcome Back"],
    ["/?auth=signup", "Create Account"],
  ] as const) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain(`>${heading}</h1>`);
    expect(html, path).toMatch(/<script type="module"[^>]*src="\/assets\/standalone-[^"]+\.js"/);
  }
  const seller = await createSellingCreator(request, baseURL!, {
    title: "Drawn Lawn Care",
    priceCents: 2500,
  });
  const manageKey = await subscribeThroughApi(
    request,
    baseURL!,
    seller.offering.customUrl,
    "Drawn Customer",
  );
  const response = await request.get(`/customer/${seller.offering.customUrl}/${manageKey}`);
  expect(response.headers()["cache-control"]).toBe("no-store");
  const html = await response.text();
  expect(html).toContain(">Manage Your Subscription</h1>");
  expect(html).toContain("Drawn Lawn Care");
  expect(html).toContain("Drawn Customer");
});
