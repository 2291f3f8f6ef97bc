import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // The web app's aliases, so server-side tests can render its components.
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname, "web/src"),
      "@contracts": path.resolve(import.meta.dirname, "contracts"),
    },
  },
  test: {
    include: [
      "server/**/*.test.ts",
      "contracts/**/*.test.ts",
      "stripe-emulator/**/*.test.ts",
      "tests/integration/**/*.test.ts",
      "tests/security/**/*.test.ts",
      "tests/reliability/**/*.test.ts",
      "web/src/**/*.test.ts",
      "scripts/**/*.test.ts",
    ],
    setupFiles: [
      "tests/setup/fail-on-console-error.ts",
      // `bash stripe-emulator/tests/conformance/record-all.sh` records what the emulator answers.
      ...(process.env.STRIPE_EMULATOR_RECORD_DIR
        ? ["stripe-emulator/tests/conformance/record-setup.ts"]
        : []),
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default is one worker fewer than the cores: one on CI's two. Most of a file's time
    // is waiting (the job queue's polls, webhooks, the emulator), so two keep both cores busy.
    maxWorkers: 2,
    // A worker keeps the modules it has loaded from one file to the next: loading the server,
    // better-auth, the emulator and their dependencies again cost each file seconds of CPU.
    // Nothing here mocks modules or keeps state in them between files (ADR 031).
    isolate: false,
  },
});
