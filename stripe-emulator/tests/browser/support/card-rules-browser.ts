import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";

const emulatorDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const rulesEntry = path.join(emulatorDir, "src/core/card-rules.ts");
export const compiledRulesFile = path.join(
  emulatorDir,
  "src/browser/runtime/card-rules-compiled.ts",
);

/**
 * src/core/card-rules.ts as the Stripe.js stand-in runs it: ES2019 that defines `cardRules` (the
 * module's exports) in the script's shared scope. Paths are written relative to the emulator, so
 * the output is the same wherever the repository is checked out.
 */
export function compileCardRulesForBrowser(): string {
  const result = buildSync({
    entryPoints: [rulesEntry],
    absWorkingDir: emulatorDir,
    bundle: true,
    format: "iife",
    globalName: "cardRules",
    target: "es2019",
    platform: "browser",
    legalComments: "none",
    charset: "utf8",
    write: false,
    logLevel: "error",
  });
  return result.outputFiles[0]!.text;
}

/** The TypeScript module that carries the compiled rules into stripe-js.ts. */
export function renderCompiledRulesModule(source: string): string {
  const lines = source.replace(/\n$/, "").split("\n");
  return [
    "// Generated from ../../core/card-rules.ts by",
    "// `npx tsx stripe-emulator/tests/browser/write-card-rules.ts`; do not edit.",
    "// stripe-emulator/tests/card-rules.test.ts fails when it no longer matches its source.",
    "// biome-ignore-all lint/suspicious/noTemplateCurlyInString: lines of compiled JavaScript",
    "export const cardRulesSource = [",
    ...lines.map((line) => `  ${JSON.stringify(line)},`),
    '].join("\\n");',
    "",
  ].join("\n");
}
