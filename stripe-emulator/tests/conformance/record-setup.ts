import { appendFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { onEmulatorResponse } from "../../src/http/recorder";

// Loaded when STRIPE_EMULATOR_RECORD_DIR is set (the root vitest.config.ts): appends every
// emulator response and webhook event of this test process to
// $STRIPE_EMULATOR_RECORD_DIR/<pid>.jsonl, for conformance.test.ts to check
// (STRIPE_CONFORMANCE_RECORDINGS=<dir>). See `bash stripe-emulator/tests/conformance/record-all.sh`.
const dir = process.env.STRIPE_EMULATOR_RECORD_DIR;
if (dir) {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${process.pid}.jsonl`);
  onEmulatorResponse((entry) => {
    appendFileSync(file, `${JSON.stringify(entry)}\n`);
  });
}
