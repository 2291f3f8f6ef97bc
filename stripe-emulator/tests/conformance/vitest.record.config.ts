import { defineConfig, mergeConfig } from "vitest/config";
import base from "../../../vitest.config";

// The project's test config plus the response recorder (record-setup.ts).
export default mergeConfig(
  base,
  defineConfig({
    test: {
      setupFiles: ["stripe-emulator/tests/conformance/record-setup.ts"],
    },
  }),
);
