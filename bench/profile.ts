// A CPU profile of the server under load on one route, summarised by self time.
//
//   npx tsx bench/profile.ts [api|landing|health] [seconds]   (after npm run build)
//   npx tsx bench/profile.ts --summarize file.cpuprofile
//
// The server runs as in `npm run bench` (bench/lib/bench-server.ts, PostgreSQL) with
// node --cpu-prof; 100 connections for `seconds` (default 15). BENCH_PORT and
// BENCH_EMULATOR_PORT move the servers; the profile is kept in BENCH_PROFILE_DIR.
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createSellingCreator } from "./lib/api";
import { formatSummary, summarizeCpuProfile } from "./lib/cpu-profile";
import { load } from "./lib/load";
import { createScratchDatabase } from "./lib/postgres";
import { startEmulatorProcess, startServerProcess } from "./lib/server-process";

const [target = "api", secondsArg = "15"] = process.argv.slice(2);
if (target === "--summarize") {
  process.stdout.write(`${formatSummary(summarizeCpuProfile(secondsArg))}\n`);
  process.exit(0);
}
const port = Number(process.env.BENCH_PORT ?? 3900);
const emulatorPort = Number(process.env.BENCH_EMULATOR_PORT ?? 12900);
const origin = `http://127.0.0.1:${port}`;
const profileDir = path.resolve(
  process.env.BENCH_PROFILE_DIR ?? mkdtempSync(path.join(tmpdir(), "regulars-profile-")),
);
mkdirSync(profileDir, { recursive: true });

const database = await createScratchDatabase();
const dataDir = mkdtempSync(path.join(tmpdir(), "regulars-profile-data-"));
const emulator = await startEmulatorProcess(emulatorPort);
const server = await startServerProcess(
  "bench/lib/bench-server.ts",
  {
    PORT: String(port),
    STRIPE_EMULATOR_URL: emulator.url,
    PUBLIC_URL: origin,
    BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-1",
    TRUST_PROXY: "true",
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
  },
  60_000,
  // Node 20 refuses --cpu-prof in NODE_OPTIONS; npm start's heap limits stay in NODE_OPTIONS.
  ["--cpu-prof", `--cpu-prof-dir=${profileDir}`],
);
try {
  const { offering } = await createSellingCreator(server.baseUrl, origin, server.emulatorUrl);
  const paths: Record<string, string> = {
    api: `/api/public/offerings/${offering.customUrl}`,
    landing: `/landing/${offering.customUrl}`,
    health: "/api/health",
  };
  const url = `${server.baseUrl}${paths[target] ?? target}`;
  const result = await load(url, Number(secondsArg));
  process.stdout.write(
    `${url}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.non2xx} non-2xx\n\n`,
  );
} finally {
  await server.stop();
  await emulator.stop();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
const profile = readdirSync(profileDir).find((f) => f.endsWith(".cpuprofile"));
if (!profile) throw new Error(`no .cpuprofile in ${profileDir}`);
const file = path.join(profileDir, profile);
process.stdout.write(`${file}\n${formatSummary(summarizeCpuProfile(file))}\n`);
