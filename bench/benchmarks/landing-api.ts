import { load } from "../lib/load";
import { record, round } from "../lib/results";
import type { ServerProcess } from "../lib/server-process";

/** Benchmark 1: GET of an offering by custom_url vs a bare route with the same bytes. */
export async function benchLandingApi(
  server: ServerProcess,
  customUrl: string,
  label: string,
  seconds = 10,
) {
  server.resetPeak();
  const bare = await load(`${server.baseUrl}/__bench/bare/${customUrl}`, seconds);
  const real = await load(`${server.baseUrl}/api/public/offerings/${customUrl}`, seconds);
  const ratio = real.rps / bare.rps;
  const name = `1. landing API (${label})`;
  record({
    benchmark: name,
    metric: "requests/s vs bare route",
    value: round(ratio),
    unit: "ratio",
    reference: round(bare.rps),
    target: "≥ 0.5",
    meetsTarget: ratio >= 0.5,
  });
  record({ benchmark: name, metric: "requests/s", value: round(real.rps), unit: "req/s" });
  record({
    benchmark: name,
    metric: "p50 latency",
    value: real.p50,
    unit: "ms",
    reference: bare.p50,
  });
  const p99Ratio = real.p99 / bare.p99;
  // The cost of the per-request middleware (server/app.ts) on a public read, in one figure.
  record({
    benchmark: name,
    metric: "p99 vs bare route",
    value: round(p99Ratio),
    unit: "ratio",
    reference: bare.p99,
    target: "≤ 1.5",
    meetsTarget: p99Ratio <= 1.5,
  });
  record({
    benchmark: name,
    metric: "p99 latency",
    value: real.p99,
    unit: "ms",
    reference: bare.p99,
    target: "≤ 25",
    meetsTarget: real.p99 <= 25,
  });
  record({
    benchmark: name,
    metric: "non-2xx or errors",
    value: real.non2xx,
    unit: "count",
    target: "0",
    meetsTarget: real.non2xx === 0,
  });
  record({
    benchmark: name,
    metric: "server peak RSS",
    value: round(server.peakRssMb(), 1),
    unit: "MB",
    target: "≤ 350",
    meetsTarget: server.peakRssMb() <= 350,
  });
  record({
    benchmark: name,
    metric: "server RSS after run",
    value: round(server.rssMb(), 1),
    unit: "MB",
  });
}
