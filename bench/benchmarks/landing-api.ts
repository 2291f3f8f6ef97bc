import autocannon from "autocannon";
import { record, round } from "../lib/results";
import type { ServerProcess } from "../lib/server-process";

async function load(url: string, seconds: number) {
  const result = await autocannon({ url, connections: 100, duration: seconds });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}

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
