#!/usr/bin/env node
// Puts back the lockfile entries of optional platform packages that `npm install` left out.
//
// Why: the registry this project installs from lacks some platform builds of a release (for
// example @biomejs/cli-darwin-arm64@2.6.8 or @tailwindcss/oxide-win32-x64-msvc@4.3.5). `npm
// install` skips an optional package it cannot fetch and writes no entry for it, and then `npm ci`
// refuses the lockfile ("Missing: @biomejs/cli-android-arm64@ from lock file"). Each missing entry
// is written here with the version its parent asks for and the os/cpu/libc its name states, so
// `npm ci` skips it on a machine it does not fit, as it skips any other platform's package. There is
// no integrity for these entries: where the registry has the package, npm fetches it as usual.
//
// Run it after anything that rewrites package-lock.json (`npm install`, `npm install X`):
//   node scripts/lockfile-platform-packages.mjs          # fix package-lock.json in place
//   node scripts/lockfile-platform-packages.mjs --check  # exit 1 if an entry is missing
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const lockPath = fileURLToPath(new URL("../package-lock.json", import.meta.url));
const isCheck = process.argv.includes("--check");

const OSES = new Set([
  "aix",
  "android",
  "darwin",
  "freebsd",
  "linux",
  "netbsd",
  "openbsd",
  "openharmony",
  "sunos",
  "win32",
]);
const CPUS = new Set([
  "arm",
  "arm64",
  "ia32",
  "loong64",
  "mips64el",
  "ppc64",
  "riscv64",
  "s390x",
  "wasm32",
  "x64",
]);
const LIBCS = { gnu: "glibc", gnueabihf: "glibc", musl: "musl" };

/** The platform a package's name states, e.g. "cli-linux-x64-musl" → linux, x64, musl. */
function readPlatformFromName(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.find((part) => OSES.has(part));
  const cpu = parts.find((part) => CPUS.has(part));
  const libcPart = parts.find((part) => part in LIBCS);
  if (!os && !cpu) return null;
  return { os, cpu, libc: os === "linux" && libcPart ? LIBCS[libcPart] : undefined };
}

/** Where npm would place `name` when `parentPath` depends on it: nested first, then up the tree. */
function findInstalledPath(packages, parentPath, name) {
  let base = parentPath;
  for (;;) {
    const candidate = `${base ? `${base}/` : ""}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return null;
    const cut = base.lastIndexOf("/node_modules/");
    base = cut === -1 ? "" : base.slice(0, cut);
  }
}

const lock = JSON.parse(readFileSync(lockPath, "utf8"));
const packages = lock.packages;
const added = [];
const unknown = [];

for (const [parentPath, parent] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(parent.optionalDependencies ?? {})) {
    if (findInstalledPath(packages, parentPath, name)) continue;
    const platform = readPlatformFromName(name);
    if (!platform) {
      unknown.push(`${name}@${version} (optional dependency of ${parentPath})`);
      continue;
    }
    const entry = { version };
    if (platform.cpu) entry.cpu = [platform.cpu];
    if (parent.dev) entry.dev = true;
    if (platform.libc) entry.libc = [platform.libc];
    entry.optional = true;
    if (platform.os) entry.os = [platform.os];
    // Hoisted beside the parent, where npm puts the platform packages it does fetch.
    const parentDir = parentPath.slice(0, parentPath.lastIndexOf("node_modules/"));
    packages[`${parentDir}node_modules/${name}`] = entry;
    added.push(`${name}@${version}`);
  }
}

if (unknown.length > 0) {
  console.error(
    `Optional dependencies missing from the lockfile whose platform can't be read from the name:\n  ${unknown.join("\n  ")}`,
  );
  process.exit(1);
}
if (isCheck) {
  if (added.length > 0) {
    console.error(
      `package-lock.json lacks ${added.length} optional platform packages (${added.join(", ")}).\nRun: node scripts/lockfile-platform-packages.mjs`,
    );
    process.exit(1);
  }
  process.exit(0);
}
if (added.length === 0) {
  console.info("package-lock.json already lists every optional platform package.");
} else {
  lock.packages = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) =>
      a === "" ? -1 : b === "" ? 1 : a.localeCompare(b, "en"),
    ),
  );
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
  console.info(
    `Added ${added.length} optional platform packages to package-lock.json: ${added.join(", ")}`,
  );
}
