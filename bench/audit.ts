// npm run audit: Lighthouse, in its default mobile setting (simulated throttling), against the
// public pages of a fresh `npm start`, in Debian's Chromium. Scores, never a gate.
//
//   npm run audit                 every page once
//   AUDIT_RUNS=3 npm run audit    each page three times; the run with the median performance
//   AUDIT_REPORTS_DIR=/tmp/lh     also keep each page's full Lighthouse report (JSON) there
//
// The table is printed and written beside the bench's results (bench/results/lighthouse.*).
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { createSellingCreator, subscribeOnce } from "./lib/api";

const PORT = Number(process.env.AUDIT_PORT ?? 3950);
const EMULATOR_PORT = Number(process.env.AUDIT_EMULATOR_PORT ?? 12950);
const RUNS = Math.max(1, Number(process.env.AUDIT_RUNS ?? 1));
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const origin = `http://127.0.0.1:${PORT}`;
const categories = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof categories)[number];

interface Page {
  name: string;
  path: string;
  /** Audits left out of the SEO score: robots.txt keeps customer pages out of search. */
  seoWithout?: string[];
}

interface Row {
  page: string;
  path: string;
  scores: Record<Category, number>;
  lcpMs: number;
  fcpMs: number;
  /** Failing audits, so a score below 1 says why. */
  failing: string[];
}

/** `npm start`'s two steps: build what is stale, then the compiled server with its heap limit. */
async function startProduct(dataDir: string): Promise<ChildProcess> {
  execFileSync(process.execPath, ["scripts/build.mjs", "--if-stale"], { stdio: "inherit" });
  // PGlite in the fresh DATA_DIR, as `npm start` with no DATABASE_URL.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ["dist/server/main.js"], {
    env: {
      ...inherited,
      NODE_OPTIONS: "--max-old-space-size=256",
      MALLOC_ARENA_MAX: "2",
      PORT: String(PORT),
      STRIPE_EMULATOR_PORT: String(EMULATOR_PORT),
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      SHUTDOWN_DRAIN_MS: "0",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/ready`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the server did not start within 60 s");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A category's score from its audits' weights, leaving some audits out. */
function scoreWithout(
  category: { auditRefs: { id: string; weight: number }[] },
  audits: Record<string, { score: number | null }>,
  leftOut: string[],
): number {
  let total = 0;
  let weights = 0;
  for (const ref of category.auditRefs) {
    const score = audits[ref.id]?.score;
    if (leftOut.includes(ref.id) || ref.weight === 0 || score === null || score === undefined)
      continue;
    total += ref.weight * score;
    weights += ref.weight;
  }
  return weights === 0 ? 0 : total / weights;
}

/** Lighthouse now and then loses its trace (NO_NAVSTART); such a run is tried again. */
async function audit(port: number, page: Page, attempt = 1): Promise<Row> {
  try {
    return await auditOnce(port, page);
  } catch (error) {
    if (attempt >= 3) throw error;
    console.warn(`${page.path}: ${(error as Error).message}; running it again`);
    return audit(port, page, attempt + 1);
  }
}

async function auditOnce(port: number, page: Page): Promise<Row> {
  const result = await lighthouse(`${origin}${page.path}`, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...categories],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
  const { lhr } = result;
  if (process.env.AUDIT_REPORTS_DIR) {
    mkdirSync(process.env.AUDIT_REPORTS_DIR, { recursive: true });
    writeFileSync(
      path.join(process.env.AUDIT_REPORTS_DIR, `${page.name.replace(/\W+/g, "-")}.json`),
      JSON.stringify(lhr),
    );
  }
  if (lhr.runtimeError) throw new Error(`${page.path}: ${lhr.runtimeError.message}`);
  const scores = {} as Record<Category, number>;
  for (const id of categories) {
    const category = lhr.categories[id]!;
    scores[id] =
      id === "seo" && page.seoWithout
        ? scoreWithout(category, lhr.audits, page.seoWithout)
        : (category.score ?? 0);
  }
  const failing = categories.flatMap((id) =>
    lhr.categories[id]!.auditRefs.filter((ref) => {
      const a = lhr.audits[ref.id]!;
      return (
        ref.weight > 0 &&
        a.score !== null &&
        a.score < 0.9 &&
        !(id === "seo" && page.seoWithout?.includes(ref.id))
      );
    }).map((ref) => `${ref.id} (${lhr.audits[ref.id]!.displayValue ?? lhr.audits[ref.id]!.score})`),
  );
  return {
    page: page.name,
    path: page.path,
    scores,
    lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    fcpMs: lhr.audits["first-contentful-paint"]?.numericValue ?? Number.NaN,
    failing: [...new Set(failing)],
  };
}

function table(rows: Row[]): string {
  const header = ["page", "performance", "accessibility", "best-practices", "seo", "LCP", "FCP"];
  const cells = rows.map((r) => [
    r.page,
    ...categories.map((c) => r.scores[c].toFixed(2)),
    `${(r.lcpMs / 1000).toFixed(1)} s`,
    `${(r.fcpMs / 1000).toFixed(1)} s`,
  ]);
  return [
    `| ${header.join(" | ")} |`,
    `|${header.map(() => "---").join("|")}|`,
    ...cells.map((c) => `| ${c.join(" | ")} |`),
  ].join("\n");
}

const dataDir = mkdtempSync(path.join(tmpdir(), "regulars-audit-"));
const server = await startProduct(dataDir);
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  const { offering } = await createSellingCreator(
    origin,
    origin,
    `http://127.0.0.1:${EMULATOR_PORT}`,
  );
  const { subscriberId } = await subscribeOnce(
    origin,
    origin,
    `http://127.0.0.1:${EMULATOR_PORT}`,
    offering.customUrl,
  );
  const customUrl = encodeURIComponent(offering.customUrl);
  const pages: Page[] = [
    { name: "home", path: "/" },
    { name: "features", path: "/features" },
    { name: "pricing", path: "/pricing" },
    { name: "landing (/landing/{customUrl})", path: `/landing/${customUrl}` },
    { name: "landing (/{customUrl})", path: `/${customUrl}` },
    {
      name: "self-service",
      path: `/customer/${customUrl}/${encodeURIComponent(subscriberId)}`,
      seoWithout: ["is-crawlable"],
    },
    // A public page, open to crawlers like the marketing pages (server/modules/seo/robots.ts).
    { name: "sign-in", path: "/?auth=signin" },
  ];

  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", "--no-sandbox"],
  });
  const rows: Row[] = [];
  for (const page of pages) {
    const runs: Row[] = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await audit(chrome.port, page));
    runs.sort((a, b) => a.scores.performance - b.scores.performance);
    const row = runs[Math.floor(runs.length / 2)]!;
    rows.push(row);
    console.info(
      `${row.page}: ${categories.map((c) => `${c} ${row.scores[c].toFixed(2)}`).join(", ")}` +
        (row.failing.length ? `\n  below 0.9: ${row.failing.join("; ")}` : ""),
    );
  }

  const date = new Date().toISOString();
  const markdown = [
    "# Lighthouse (npm run audit)",
    "",
    `${date}, Lighthouse ${lighthouseVersion()}, mobile with simulated throttling, ${RUNS} run(s) per page (median performance).`,
    "The self-service page's SEO leaves out `is-crawlable`: robots.txt keeps customer pages out of search.",
    "",
    table(rows),
    "",
  ].join("\n");
  mkdirSync("bench/results", { recursive: true });
  writeFileSync(
    "bench/results/lighthouse.json",
    `${JSON.stringify({ date, runs: RUNS, rows }, null, 2)}\n`,
  );
  writeFileSync("bench/results/lighthouse.md", markdown);
  process.stdout.write(`\n${table(rows)}\n`);
} finally {
  await chrome?.kill();
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

function lighthouseVersion(): string {
  try {
    return execFileSync(process.execPath, ["-p", "require('lighthouse/package.json').version"], {
      encoding: "utf8",
    }).trim();
  } catch {
    return "?";
  }
}
