// npm run bench: figures, never gates. Each figure is a ratio measured side by side in one
// run where it can be, with absolute numbers beside it.
import { execSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { benchColdStart } from "./benchmarks/cold-start";
import { benchDashboardScale } from "./benchmarks/dashboard-scale";
import { benchLandingApi } from "./benchmarks/landing-api";
import { benchLandingBrowser } from "./benchmarks/landing-browser";
import { benchSubscribeThroughput } from "./benchmarks/subscribe-throughput";
import { createSellingCreator } from "./lib/api";
import { createScratchDatabase } from "./lib/postgres";
import { figures, record, round } from "./lib/results";
import { startEmulatorProcess, startServerProcess } from "./lib/server-process";

const PORT = 3900;
const EMULATOR_PORT = 12900;
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

async function onPostgres() {
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
    for (let run = 1; run <= 3; run += 1) {
      await benchLandingApi(server, offering.customUrl, `PostgreSQL, run ${run}`, seconds);
    }
    await benchLandingBrowser(server.baseUrl, offering.customUrl, "Weekly Lawn Care");
    await benchSubscribeThroughput(server, emulator, origin, database.url, offering);
    await benchDashboardScale(server, client, database.url, userId);
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

// Always from the current source: a stale build would measure yesterday's bundle.
execSync("npm run build --silent", { stdio: "inherit" });

const started = performance.now();
await onPostgres();
await onPglite();
await benchColdStart();
record({
  benchmark: "total",
  metric: "bench wall time",
  value: round((performance.now() - started) / 1000, 1),
  unit: "s",
});

mkdirSync("bench/results", { recursive: true });
writeFileSync(
  "bench/results/latest.json",
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, figures }, null, 2)}\n`,
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
