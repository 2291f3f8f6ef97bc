import { rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { compressHtml } from "../../server/http/compress-pages";
import { type LoadResult, load } from "../lib/load";
import { record, round } from "../lib/results";
import type { ServerProcess } from "../lib/server-process";

/**
 * Benchmark 1b: the landing page's HTML (`/landing/{customUrl}`, drawn on the server) against
 * a static file of the same bytes, served by the same server process through the same
 * middleware: the page is written under the built web app's assets, which the web shell serves
 * from disk (serveStatic). The gap is what looking the offering up and drawing it costs.
 *
 * Twice: as a load test asks (no Accept-Encoding, both sides send the 35 KB text), and as a
 * browser asks (`Accept-Encoding: br`): the file then gets a `.br` beside it holding the very
 * bytes the page is sent as, as the build does for every asset, so both sides send the same
 * compressed bytes with the same `Content-Encoding` and `Vary`.
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
  writeFileSync(`${file}.br`, await compressHtml(new TextDecoder().decode(bytes), "br"));
  const staticUrl = `${server.baseUrl}/assets/${fileName}`;
  try {
    const variants: { name: string; headers: Record<string, string> }[] = [
      { name: `1b. landing HTML (${label})`, headers: {} },
      { name: `1b. landing HTML, brotli (${label})`, headers: { "accept-encoding": "br" } },
    ];
    for (const { name, headers } of variants) {
      const sent = await sentSize(pageUrl, headers);
      const served = await sentSize(staticUrl, headers);
      if (served !== sent) {
        throw new Error(`${staticUrl} sent ${served} bytes where the page sends ${sent}`);
      }
      const fromFile = await load(staticUrl, seconds, headers);
      const landing = await load(pageUrl, seconds, headers);
      recordLandingHtml(name, sent, landing, fromFile);
    }
  } finally {
    rmSync(file, { force: true });
    rmSync(`${file}.br`, { force: true });
  }
}

/** The bytes on the wire, as they are sent (fetch would decode a compressed body). */
function sentSize(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (response) => {
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
      });
      response.on("end", () =>
        response.statusCode === 200
          ? resolve(size)
          : reject(new Error(`${url} answered ${response.statusCode}`)),
      );
    });
    request.on("error", reject);
  });
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
