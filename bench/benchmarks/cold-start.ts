import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { record, round } from "../lib/results";
import { measureColdStart } from "../lib/server-process";

/** Benchmark 5: process start to a 200 on /api/health, on a fresh and on an existing ./data. */
export async function benchColdStart() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "regulars-bench-cold-"));
  const env = {
    PORT: "3950",
    STRIPE_EMULATOR_PORT: "12950",
    DATA_DIR: dataDir,
    PUBLIC_URL: "http://127.0.0.1:3950",
  };
  try {
    const fresh = await measureColdStart(env);
    const existing = await measureColdStart(env);
    record({
      benchmark: "5. cold start",
      metric: "fresh ./data (creates PGlite, migrates)",
      value: round(fresh / 1000, 2),
      unit: "s",
    });
    record({
      benchmark: "5. cold start",
      metric: "existing ./data",
      value: round(existing / 1000, 2),
      unit: "s",
      target: "≤ 5",
      meetsTarget: existing <= 5000,
      reference: round(fresh / 1000, 2),
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
