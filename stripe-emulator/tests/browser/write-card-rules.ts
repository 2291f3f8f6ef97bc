// Rewrites src/browser/runtime/card-rules-compiled.ts from src/core/card-rules.ts, after a change
// to the card rules: `npx tsx stripe-emulator/tests/browser/write-card-rules.ts`.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import {
  compileCardRulesForBrowser,
  compiledRulesFile,
  renderCompiledRulesModule,
} from "./support/card-rules-browser";

writeFileSync(compiledRulesFile, renderCompiledRulesModule(compileCardRulesForBrowser()));
execFileSync("npx", ["biome", "format", "--write", compiledRulesFile], { stdio: "inherit" });
console.info(`Wrote ${compiledRulesFile}`);
