import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { median, record, round } from "../lib/results";

const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Benchmark 2: time to title and price visible, vs a static page with the same content. */
export async function benchLandingBrowser(
  baseUrl: string,
  customUrl: string,
  title: string,
  runs = 7,
) {
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: chromiumArgs,
  });
  try {
    const timeTo = async (url: string) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const started = performance.now();
      await page.goto(url, { waitUntil: "commit" });
      await page.getByRole("heading", { name: title }).first().waitFor();
      await page.getByText("$25.00/month").first().waitFor();
      const elapsed = performance.now() - started;
      await context.close();
      return elapsed;
    };
    const app: number[] = [];
    const reference: number[] = [];
    const plain: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      reference.push(await timeTo(`${baseUrl}/__bench/static-landing/${customUrl}`));
      plain.push(await timeTo(`${baseUrl}/__bench/plain-landing/${customUrl}`));
      app.push(await timeTo(`${baseUrl}/landing/${customUrl}`));
    }
    const ratio = median(app) / median(reference);
    record({
      benchmark: "2. landing in Chromium",
      metric: "time to title+price vs the same HTML as a static file",
      value: round(ratio),
      unit: "ratio",
      reference: round(median(reference), 1),
      target: "≤ 2",
      meetsTarget: ratio <= 2,
    });
    record({
      benchmark: "2. landing in Chromium",
      metric: "time to title+price vs an unstyled stub",
      value: round(median(app) / median(plain)),
      unit: "ratio",
      reference: round(median(plain), 1),
    });
    record({
      benchmark: "2. landing in Chromium",
      metric: "time to title+price",
      value: round(median(app), 1),
      unit: "ms",
    });

    const context = await browser.newContext();
    const page = await context.newPage();
    let jsGzip = 0;
    let cssGzip = 0;
    const loaded: string[] = [];
    page.on("response", async (response) => {
      const type = response.request().resourceType();
      if (type !== "script" && type !== "stylesheet") return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      const size = gzipSync(body).length;
      loaded.push(response.url());
      if (type === "script") jsGzip += size;
      else cssGzip += size;
    });
    await page.goto(`${baseUrl}/landing/${customUrl}`, { waitUntil: "networkidle" });
    await context.close();
    const dashboardLoaded = loaded.some((u) => /dashboard/i.test(u));
    record({
      benchmark: "2. landing in Chromium",
      metric: "JS loaded (gzip)",
      value: round(jsGzip / 1024, 1),
      unit: "KB",
      target: "≤ 90",
      meetsTarget: jsGzip / 1024 <= 90,
    });
    record({
      benchmark: "2. landing in Chromium",
      metric: "CSS loaded (gzip)",
      value: round(cssGzip / 1024, 1),
      unit: "KB",
    });
    record({
      benchmark: "2. landing in Chromium",
      metric: "dashboard code loaded",
      value: dashboardLoaded ? 1 : 0,
      unit: "bool",
      target: "0",
      meetsTarget: !dashboardLoaded,
    });
  } finally {
    await browser.close();
  }
}
