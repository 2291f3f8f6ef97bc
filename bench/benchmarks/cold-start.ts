import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { record, round } from "../lib/results";
import { measureColdStart } from "../lib/server-process";

/**
 * Benchmark 5: process start to a 200 on /api/health, on a fresh and on an existing ./data, as
 * production starts (`node dist/server/main.js`; bench/run.ts builds first). The same start from
 * the TypeScript sources under tsx is measured beside it, as the reference for what compiling saves.
 */
export async function benchColdStart() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "regulars-bench-cold-"));
  const env = {
    PORT: "3950",
    STRIPE_EMULATOR_PORT: "12950",
    DATA_DIR: dataDir,
    PUBLIC_URL: "http://127.0.0.1:3950",
  };
  try {
    const fresh = await measureColdStart(env, "compiled");
    const existing = await measureColdStart(env, "compiled");
    const existingUnderTsx = await measureColdStart(env, "source");
    record({
      benchmark: "5. cold start",
      metric: "production start, fresh ./data (creates PGlite, migrates)",
      value: round(fresh / 1000, 2),
      unit: "s",
    });
    record({
      benchmark: "5. cold start",
      metric: "production start, existing ./data",
      value: round(existing / 1000, 2),
      unit: "s",
      target: "≤ 5",
      meetsTarget: existing <= 5000,
      reference: round(fresh / 1000, 2),
    });
    record({
      benchmark: "5. cold start",
      metric: "ratio: production start / same start under tsx, existing ./data",
      value: round(existing / existingUnderTsx, 2),
      unit: "×",
      reference: round(existingUnderTsx / 1000, 2),
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
