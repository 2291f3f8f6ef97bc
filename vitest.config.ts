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
  },
});
