import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type LoadResult, load } from "../lib/load";
import { record, round } from "../lib/results";
import type { ServerProcess } from "../lib/server-process";

/**
 * Benchmark 1b: the landing page's HTML (`/landing/{customUrl}`, drawn on the server) against
 * a static file of the same bytes, served by the same server process through the same
 * middleware: the page is written under the built web app's assets, which the web shell serves
 * from disk (serveStatic). The gap is what looking the offering up and drawing it costs.
 */
export async function benchLandingHtml(
  server: ServerProcess,
  customUrl: string,
  label: string,
  seconds = 10,
  webDistDir = "dist/web",
) {
  const pageUrl = `${server.baseUrl}/landing/${encodeURIComponent(customUrl)}`;
  const page = await fetch(pageUrl);
  if (page.status !== 200) throw new Error(`${pageUrl} answered ${page.status}`);
  const bytes = new Uint8Array(await page.arrayBuffer());
  const fileName = `bench-landing-${Date.now()}.html`;
  const file = path.join(webDistDir, "assets", fileName);
  writeFileSync(file, bytes);
  const staticUrl = `${server.baseUrl}/assets/${fileName}`;
  try {
    const served = await fetch(staticUrl);
    const servedBytes = (await served.arrayBuffer()).byteLength;
    if (served.status !== 200 || servedBytes !== bytes.length) {
      throw new Error(`${staticUrl} answered ${served.status} with ${servedBytes} bytes`);
    }
    const fromFile = await load(staticUrl, seconds);
    const landing = await load(pageUrl, seconds);
    recordLandingHtml(`1b. landing HTML (${label})`, bytes.length, landing, fromFile);
  } finally {
    rmSync(file, { force: true });
  }
}

function recordLandingHtml(name: string, size: number, landing: LoadResult, file: LoadResult) {
  const rpsRatio = landing.rps / file.rps;
  const p99Ratio = landing.p99 / file.p99;
  record({ benchmark: name, metric: "page size", value: round(size / 1024, 1), unit: "KB" });
  record({
    benchmark: name,
    metric: "requests/s vs static file",
    value: round(rpsRatio),
    unit: "ratio",
    reference: round(file.rps),
    target: "≥ 0.5",
    meetsTarget: rpsRatio >= 0.5,
  });
  record({ benchmark: name, metric: "requests/s", value: round(landing.rps), unit: "req/s" });
  record({
    benchmark: name,
    metric: "p50 latency",
    value: landing.p50,
    unit: "ms",
    reference: file.p50,
  });
  record({
    benchmark: name,
    metric: "p99 vs static file",
    value: round(p99Ratio),
    unit: "ratio",
    reference: file.p99,
    target: "≤ 1.5",
    meetsTarget: p99Ratio <= 1.5,
  });
  record({
    benchmark: name,
    metric: "p99 latency",
    value: landing.p99,
    unit: "ms",
    reference: file.p99,
  });
  record({
    benchmark: name,
    metric: "non-2xx or errors",
    value: landing.non2xx + file.non2xx,
    unit: "count",
    target: "0",
    meetsTarget: landing.non2xx + file.non2xx === 0,
  });
}
