import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const emulatorPort = Number(process.env.E2E_EMULATOR_PORT ?? 12_300);
const baseURL = `http://localhost:${port}`;
// A fresh ./data for every run, so the journeys start from an empty product.
// Set once in the runner process; workers inherit it, so they see the same directory.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "regulars-e2e-"));
export const e2eDataDir = process.env.E2E_DATA_DIR;

export const e2eEmulatorUrl = `http://127.0.0.1:${emulatorPort}`;

/**
 * `--repeat-each` from the command line. Playwright applies it only to the projects asked for,
 * not to those they depend on: "shared" (a dependency of "alone") takes it from here, so
 * `--repeat-each=3` repeats the whole suite.
 */
function repeatEachFromCommandLine(): number {
  const at = process.argv.findIndex((arg) => arg.startsWith("--repeat-each"));
  const value = process.argv[at]?.split("=")[1] ?? process.argv[at + 1];
  return at === -1 ? 1 : Number(value) || 1;
}

export default defineConfig({
  testDir: "tests/e2e",
  // Files spread over two workers (a file's tests stay in order, in one worker). Each test makes
  // its own creator, customers and client address, so tests share only the server and the
  // emulator; the few that change the emulator for everyone, or count what every test writes
  // (the whole outbox), are tagged @alone and run after the rest, one at a time. ADR 031.
  fullyParallel: false,
  workers: 2,
  projects: [
    { name: "shared", grepInvert: /@alone/, repeatEach: repeatEachFromCommandLine() },
    { name: "alone", grep: /@alone/, dependencies: ["shared"], workers: 1 },
  ],
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  outputDir: "test-results",
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      // Debian's headless build of Chromium: the same engine, without the full browser's window
      // and toolbar to draw, a fifth less CPU for the suite (ADR 034).
      executablePath: "/usr/bin/chromium-headless-shell",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    // Started exactly as a user starts it.
    command: "npm start",
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    // Warnings and errors only (LOG_LEVEL below): a journey that fails on a 5xx shows its cause
    // in the run's output, where CI keeps nothing else of the server.
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: e2eDataDir,
      STRIPE_EMULATOR_PORT: String(emulatorPort),
      LOG_LEVEL: "warn",
      // As behind one proxy: each test signs in from an address of its own (tests/e2e/fixtures.ts),
      // so the per-address sign-in limit meant for people doesn't trip a suite of many sign-ins.
      TRUST_PROXY: "1",
    },
  },
});
