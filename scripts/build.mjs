#!/usr/bin/env node
// Builds what production runs, with no TypeScript loader at run time (ADR 011):
//   dist/web     the SPA (Vite)
//   dist/ssr     the landing page's server renderer (Vite --ssr), which also prerenders the
//                marketing pages into dist/web/prerendered (ADR 017)
//   dist/server  the server, its contracts and the Stripe emulator as JavaScript (esbuild), with
//                the SQL migrations and the emulator's browser script (stripe-js-bundle.js)
//                beside it
//
//   node scripts/build.mjs             build all three (`npm run build`)
//   node scripts/build.mjs --if-stale  build only those whose sources changed (`npm start`)
//
// "Changed" is a hash over each part's source files (paths and contents) and package-lock.json,
// kept in dist/.build/. One build runs at a time in a checkout (a lock directory), so two
// `npm start`s never write the same files at once.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const stampDir = path.join(root, "dist/.build");
const lockDir = path.join(stampDir, "lock");
const isIfStale = process.argv.includes("--if-stale");

/** Tests never reach a bundle, so editing one rebuilds nothing. */
const isIgnored = (name) =>
  name === "node_modules" ||
  name === "tests" ||
  name.startsWith(".") ||
  /\.test\.tsx?$/.test(name) ||
  name.endsWith(".md");

const shared = ["contracts", "package-lock.json", "tsconfig.base.json", "scripts/build.mjs"];
const viteInputs = ["web", "vite.config.ts", ...shared];

/**
 * Pages drawn at build time: the marketing pages, which the server sends to visitors without a
 * session, and sign-in and sign-up (ADR 019), which it sends with the boot data filled in.
 */
const prerenderedPages = ["home", "features", "pricing", "signin", "signup"];
const prerenderedFile = (name) => `dist/web/prerendered/${name}.html`;

const parts = [
  {
    name: "web",
    inputs: viteInputs,
    outputs: ["dist/web/index.html"],
    build: () => {
      vite(["build", "--logLevel", "warn"]);
      precompressAssets(path.join(root, "dist/web/assets"));
    },
  },
  {
    name: "ssr",
    inputs: viteInputs,
    outputs: [
      "dist/ssr/server-render.js",
      "dist/ssr/standalone-render.js",
      ...prerenderedPages.map(prerenderedFile),
    ],
    build: async () => {
      // Entries in vite.config.ts: the landing renderer, the marketing prerender and the
      // standalone pages' renderer.
      vite(["build", "--ssr", "--outDir", "../dist/ssr", "--emptyOutDir", "--logLevel", "warn"]);
      await prerender();
    },
  },
  {
    name: "server",
    inputs: [
      "server",
      "stripe-emulator/src",
      "stripe-emulator/bin",
      "stripe-emulator/package.json",
      "tsconfig.json",
      ...shared,
    ],
    outputs: [
      "dist/server/main.js",
      "dist/server/stripe-emulator.js",
      "dist/server/reconcile.js",
      "dist/server/stripe-js-bundle.js",
    ],
    build: buildServer,
  },
];

const escapeHtml = (value) =>
  value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");

const importFresh = (file) => import(`${pathToFileURL(path.join(root, file)).href}?${Date.now()}`);

/**
 * Each marketing page into the marketing entry's HTML (its island script and stylesheet link),
 * sign-in and sign-up into the standalone entry's.
 */
async function prerender() {
  const outDir = path.join(root, "dist/web/prerendered");
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const marketing = await importFresh("dist/ssr/marketing-prerender.js");
  writePrerendered("dist/web/marketing.html", marketing.prerenderMarketingPages());
  const standalone = await importFresh("dist/ssr/standalone-render.js");
  writePrerendered("dist/web/standalone.html", standalone.prerenderSignInPages());
}

function writePrerendered(templateFile, pages) {
  const template = readFileSync(path.join(root, templateFile), "utf8");
  for (const page of pages) {
    const head = [
      `<title>${escapeHtml(page.title)}</title>`,
      `<meta name="description" content="${escapeHtml(page.description)}" />`,
    ].join("\n    ");
    const html = template
      .replace(/<!--app-head-->[\s\S]*?<!--\/app-head-->/, () => head)
      .replace("<!--app-html-->", () => page.html);
    writeFileSync(path.join(root, prerenderedFile(page.name)), html);
  }
}

/**
 * A brotli and a gzip copy beside each text asset, made once here at the highest settings, so
 * the server sends scripts and styles compressed at no cost per request (serveStatic's
 * `precompressed`). On a phone's link a 220 KB React bundle is 70 KB as brotli.
 */
function precompressAssets(dir) {
  for (const name of readdirSync(dir)) {
    if (!/\.(js|css|svg|html|json)$/.test(name)) continue;
    const file = path.join(dir, name);
    const bytes = readFileSync(file);
    if (bytes.length < 1024) continue;
    const br = brotliCompressSync(bytes, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  }
}

/**
 * Always React's production build: Vite takes NODE_ENV from its caller, and a build started
 * under vitest (NODE_ENV=test) would otherwise put React's development build, twice the size
 * and far slower, into the shared dist/ that `npm start` then serves.
 */
function vite(args) {
  execFileSync(process.execPath, [path.join(root, "node_modules/vite/bin/vite.js"), ...args], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
}

/**
 * The workspace packages (package.json `workspaces`) by name, each to its main entry: they are
 * this repository's TypeScript, to be bundled, not installed code to load from node_modules.
 */
function workspaceAliases() {
  const { workspaces = [] } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  return Object.fromEntries(
    workspaces.map((dir) => {
      const manifest = JSON.parse(readFileSync(path.join(root, dir, "package.json"), "utf8"));
      return [manifest.name, `./${path.posix.join(dir, manifest.exports["."])}`];
    }),
  );
}

/**
 * One ES module per entry, with Node's own resolution for every package (`packages: external`),
 * so pg-boss, pino, better-auth and the rest load from node_modules as they do under tsx. Written
 * beside the live build and swapped in, so a running server never sees half a build.
 */
async function buildServer() {
  const { build } = await import("esbuild");
  const outdir = path.join(root, "dist/server");
  const nextDir = `${outdir}.next`;
  rmSync(nextDir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: {
      main: "server/main.ts",
      // The emulator on its own (`node dist/server/stripe-emulator.js [port] [stateFile]`); the
      // server runs it so as a child process (server/integrations/stripe/emulator-process.ts).
      "stripe-emulator": "stripe-emulator/bin/serve.ts",
      // `npm run reconcile`: the nightly reconciliation from a shell.
      reconcile: "server/reconcile.ts",
    },
    outdir: nextDir,
    bundle: true,
    // Emulator code is a chunk of its own: a server talking to Stripe never loads it.
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node20.19",
    packages: "external",
    alias: workspaceAliases(),
    tsconfig: "tsconfig.json",
    sourcemap: true,
    logLevel: "warning",
  });
  // The emulator's Stripe.js stand-in, for the browser: stripe-emulator/src/browser/stripe-js.ts
  // serves this file when it sits beside the emulator's code, as here, and otherwise bundles the
  // same entry with the same options in memory.
  await build({
    absWorkingDir: root,
    entryPoints: ["stripe-emulator/src/browser/runtime/index.ts"],
    outfile: path.join(nextDir, "stripe-js-bundle.js"),
    bundle: true,
    format: "iife",
    target: "es2019",
    platform: "browser",
    legalComments: "none",
    charset: "utf8",
    logLevel: "warning",
  });
  // server/db/client.ts reads its migrations from "migrations" beside the module that holds it:
  // main.js or a chunk, all of them in this one directory.
  cpSync(path.join(root, "server/db/migrations"), path.join(nextDir, "migrations"), {
    recursive: true,
  });
  writeFileSync(path.join(nextDir, "package.json"), `${JSON.stringify({ type: "module" })}\n`);
  const oldDir = `${outdir}.old`;
  rmSync(oldDir, { recursive: true, force: true });
  if (existsSync(outdir)) renameSync(outdir, oldDir);
  renameSync(nextDir, outdir);
  rmSync(oldDir, { recursive: true, force: true });
}

function listFiles(relative) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full, { withFileTypes: true })
    .filter((entry) => !isIgnored(entry.name))
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => listFiles(path.join(relative, entry.name)));
}

function hashInputs(inputs) {
  const hash = createHash("sha256");
  for (const file of inputs.flatMap(listFiles)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

const stampFile = (part) => path.join(stampDir, `${part.name}.sha256`);

function isFresh(part, hash) {
  const stamp = stampFile(part);
  return (
    existsSync(stamp) &&
    readFileSync(stamp, "utf8").trim() === hash &&
    part.outputs.every((output) => existsSync(path.join(root, output)))
  );
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** mkdir is atomic: whoever creates the directory builds; a lock older than 10 minutes is dead. */
async function withBuildLock(work) {
  mkdirSync(stampDir, { recursive: true });
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
      const age = Date.now() - statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs;
      if (age > 10 * 60_000) rmSync(lockDir, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`another build holds ${lockDir}`);
      else await sleep(250);
    }
  }
  const release = () => rmSync(lockDir, { recursive: true, force: true });
  process.once("SIGINT", () => {
    release();
    process.exit(130);
  });
  process.once("SIGTERM", () => {
    release();
    process.exit(143);
  });
  try {
    await work();
  } finally {
    release();
  }
}

await withBuildLock(async () => {
  for (const part of parts) {
    // Hashed under the lock: a build that ran while this one waited may have made it fresh.
    const hash = hashInputs(part.inputs);
    if (isIfStale && isFresh(part, hash)) continue;
    if (isIfStale) {
      const reason = existsSync(stampFile(part)) ? "its sources changed" : "not built yet";
      console.info(`Building ${part.name} (${reason})`);
    }
    rmSync(stampFile(part), { force: true });
    await part.build();
    writeFileSync(stampFile(part), `${hash}\n`);
  }
});
