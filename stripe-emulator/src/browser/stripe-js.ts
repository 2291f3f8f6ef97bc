import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The built script's file name. `npm run build` (scripts/build.mjs) writes it beside the
 * compiled emulator in dist/server, which is where this module then lives too.
 */
const STRIPE_JS_BUNDLE = "stripe-js-bundle.js";

const here = path.dirname(fileURLToPath(import.meta.url));

/** A JS string literal that stays inert even if the script is ever inlined in HTML. */
function jsString(value: string): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * ./runtime bundled as the browser runs it. Run from TypeScript sources (tsx, vitest) there is
 * no prebuilt file, so esbuild bundles it here, once per process; the options match
 * scripts/build.mjs's. esbuild is imported only then: the built emulator never loads it.
 */
async function bundleRuntime(): Promise<string> {
  const prebuilt = path.join(here, STRIPE_JS_BUNDLE);
  if (existsSync(prebuilt)) return readFileSync(prebuilt, "utf8");
  const { build } = await import("esbuild");
  const result = await build({
    entryPoints: [path.join(here, "runtime/index.ts")],
    bundle: true,
    format: "iife",
    target: "es2019",
    platform: "browser",
    legalComments: "none",
    charset: "utf8",
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}

let runtime: Promise<string> | undefined;

/**
 * The emulator's stand-in for https://js.stripe.com/v3: one self-contained ES2019 script
 * defining `window.Stripe`, written in TypeScript in ./runtime (the card rules are the API's
 * own, core/card-rules.ts). The API's address is known only now, so it goes in here, in the
 * strict function that wraps the bundle, where the runtime reads it (runtime/http.ts).
 *
 * @param apiBaseUrl the emulator's REST origin the browser can reach, e.g. "http://localhost:12111"
 */
export async function stripeJsSource(apiBaseUrl: string): Promise<string> {
  runtime ??= bundleRuntime().catch((error: unknown) => {
    runtime = undefined; // the next request tries again
    throw error;
  });
  const apiBase = apiBaseUrl.replace(/\/+$/, "");
  return `/* Stripe.js stand-in served by the Stripe emulator (test mode only). */
(function () {
  "use strict";
  var __EMULATOR_API_BASE__ = ${jsString(apiBase)};
${await runtime}})();
`;
}
