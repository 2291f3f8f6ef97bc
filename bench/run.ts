// npm run bench: figures, never gates. Each figure is a ratio measured side by side in one
// run where it can be, with absolute numbers beside it.
//
//   npm run bench                   everything, the simulated year last (about 15 minutes)
//   npm run bench -- simulated-year only the simulated year (BENCH_YEAR_SUBSCRIBERS and
//                                   BENCH_YEAR_MONTHS make it smaller)
//   npm run bench -- dashboard-scale only the dashboard at 100k subscribers / 1M payments
//   npm run bench -- fee-repricing   only a plan change re-pricing 10,000 subscriptions
//                                   (BENCH_REPRICE_SUBSCRIPTIONS makes it smaller)
//   npm run bench -- address-timing  only whether response times tell known addresses from
//                                   unknown ones ("Lost your link?", password reset)
//   npm run bench -- landing-api landing-html
//                                   only the landing API and/or the landing HTML, on PostgreSQL
//                                   (BENCH_PORT and BENCH_EMULATOR_PORT move the servers)
import { execSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { benchAddressTiming } from "./benchmarks/address-timing";
import { benchColdStart } from "./benchmarks/cold-start";
import { benchDashboardScale } from "./benchmarks/dashboard-scale";
import { benchFeeRepricing } from "./benchmarks/fee-repricing";
import { benchLandingApi } from "./benchmarks/landing-api";
import { benchLandingBrowser } from "./benchmarks/landing-browser";
import { benchLandingHtml } from "./benchmarks/landing-html";
import { benchSimulatedYear } from "./benchmarks/simulated-year";
import { benchSubscribeThroughput } from "./benchmarks/subscribe-throughput";
import { benchSubscribersScale } from "./benchmarks/subscribers-scale";
import { createSellingCreator } from "./lib/api";
import { createScratchDatabase } from "./lib/postgres";
import { figures, record, round } from "./lib/results";
import { startEmulatorProcess, startServerProcess } from "./lib/server-process";

const PORT = Number(process.env.BENCH_PORT ?? 3900);
const EMULATOR_PORT = Number(process.env.BENCH_EMULATOR_PORT ?? 12900);
const origin = `http://127.0.0.1:${PORT}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

function serverEnv(emulatorUrl: string, extra: Record<string, string>) {
  return {
    PORT: String(PORT),
    // The emulator runs in its own process, so the server's figures are the server's alone.
    STRIPE_EMULATOR_URL: emulatorUrl,
    PUBLIC_URL: origin,
    BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-1",
    // Each simulated customer gets its own address, as real ones would, so the per-address
    // rate limits measure nothing here.
    TRUST_PROXY: "true",
    ...extra,
  };
}

/**
 * `onlyDashboard`: just benchmark 3 (npm run bench -- dashboard-scale). `onlyLanding`: just
 * benchmarks 1 and/or 1b (npm run bench -- landing-api landing-html).
 */
async function onPostgres({
  onlyDashboard = false,
  onlyLanding = null as { api: boolean; html: boolean } | null,
} = {}) {
  const database = await createScratchDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), "regulars-bench-"));
  const emulator = await startEmulatorProcess(EMULATOR_PORT);
  const server = await startServerProcess(
    "bench/lib/bench-server.ts",
    serverEnv(emulator.url, { DATABASE_URL: database.url, DATA_DIR: dataDir }),
  );
  try {
    const { client, userId, offering } = await createSellingCreator(
      server.baseUrl,
      origin,
      server.emulatorUrl,
    );
    if (onlyLanding) {
      for (let run = 1; run <= 3; run += 1) {
        const label = `PostgreSQL, run ${run}`;
        if (onlyLanding.api) await benchLandingApi(server, offering.customUrl, label, seconds);
        if (onlyLanding.html) await benchLandingHtml(server, offering.customUrl, label, seconds);
      }
      return;
    }
    if (!onlyDashboard) {
      for (let run = 1; run <= 3; run += 1) {
        const label = `PostgreSQL, run ${run}`;
        await benchLandingApi(server, offering.customUrl, label, seconds);
        await benchLandingHtml(server, offering.customUrl, label, seconds);
      }
      await benchLandingBrowser(server.baseUrl, offering.customUrl, "Weekly Lawn Care");
      await benchSubscribeThroughput(server, emulator, origin, database.url, offering);
    }
    await benchDashboardScale(server, client, database.url, userId);
    // On the rows benchmark 3 seeded.
    await benchSubscribersScale(server, client, database.url, userId);
  } finally {
    await server.stop();
    await emulator.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPglite() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "regulars-bench-pglite-"));
  const emulator = await startEmulatorProcess(EMULATOR_PORT);
  const server = await startServerProcess(
    "bench/lib/bench-server.ts",
    serverEnv(emulator.url, { DATA_DIR: dataDir }),
  );
  try {
    const { offering } = await createSellingCreator(server.baseUrl, origin, server.emulatorUrl);
    await benchLandingApi(server, offering.customUrl, "PGlite", seconds);
  } finally {
    await server.stop();
    await emulator.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Benchmark 9 on PostgreSQL, as production runs: its own server, so nothing else loads it. */
async function onAddressTiming() {
  const database = await createScratchDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), "regulars-bench-timing-"));
  const emulator = await startEmulatorProcess(EMULATOR_PORT);
  const server = await startServerProcess(
    "bench/lib/bench-server.ts",
    serverEnv(emulator.url, { DATABASE_URL: database.url, DATA_DIR: dataDir }),
  );
  try {
    const { offering } = await createSellingCreator(server.baseUrl, origin, server.emulatorUrl);
    await benchAddressTiming(server, origin, server.emulatorUrl, offering.customUrl);
  } finally {
    await server.stop();
    await emulator.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// Always from the current source: a stale build would measure yesterday's bundle.
execSync("npm run build --silent", { stdio: "inherit" });

const only = process.argv.slice(2);
const started = performance.now();
if (only.length === 0) {
  await onPostgres();
  await onPglite();
  await onAddressTiming();
  await benchColdStart();
}
if (only.includes("address-timing")) await onAddressTiming();
if (only.includes("dashboard-scale")) await onPostgres({ onlyDashboard: true });
if (only.includes("landing-api") || only.includes("landing-html")) {
  await onPostgres({
    onlyLanding: { api: only.includes("landing-api"), html: only.includes("landing-html") },
  });
}
if (only.length === 0 || only.includes("fee-repricing")) {
  await benchFeeRepricing({
    emulatorPort: EMULATOR_PORT + 2,
    count: Number(process.env.BENCH_REPRICE_SUBSCRIPTIONS ?? 10_000),
  });
}
if (only.length === 0 || only.includes("simulated-year")) {
  await benchSimulatedYear(
    { port: PORT + 1, emulatorPort: EMULATOR_PORT + 1 },
    {
      subscribers: Number(process.env.BENCH_YEAR_SUBSCRIBERS ?? 1_000),
      months: Number(process.env.BENCH_YEAR_MONTHS ?? 12),
    },
  );
}
record({
  benchmark: "total",
  metric: "bench wall time",
  value: round((performance.now() - started) / 1000, 1),
  unit: "s",
});

mkdirSync("bench/results", { recursive: true });
// A partial run replaces its own benchmarks' figures in the last full run's file.
const resultsFile = "bench/results/latest.json";
const ran = new Set(figures.map((f) => f.benchmark));
const kept =
  only.length > 0 && existsSync(resultsFile)
    ? (JSON.parse(readFileSync(resultsFile, "utf8")) as { figures: typeof figures }).figures.filter(
        (f) => !ran.has(f.benchmark) && f.benchmark !== "total",
      )
    : [];
writeFileSync(
  resultsFile,
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, figures: [...kept, ...figures] }, null, 2)}\n`,
);
const rows = figures.map((f) => [
  f.benchmark,
  f.metric,
  `${f.value} ${f.unit}`,
  String(f.reference ?? ""),
  f.target ?? "",
  f.meetsTarget === undefined ? "" : f.meetsTarget ? "yes" : "NO",
]);
const header = ["benchmark", "metric", "value", "reference", "target", "met"];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ");
process.stdout.write(
  `${[line(header), widths.map((w) => "-".repeat(w)).join("-|-"), ...rows.map(line)].join("\n")}\n`,
);
process.exit(0);
