// `npm run reconcile [-- --days N]`: the nightly reconciliation, now, from a shell. Prints what
// it found and exits 1 when something is left for a person to look at.
import { parseArgs } from "node:util";
import { readConfig } from "./config/env";
import { createLogger } from "./lib/logger";
import { reconcileEarnings } from "./modules/reconciliation/reconcile-earnings";
import { startRuntime } from "./runtime";

const { values } = parseArgs({ options: { days: { type: "string" } } });
const config = readConfig();
const days = Number(values.days ?? config.reconciliation.days);
if (!Number.isInteger(days) || days < 1) {
  console.error("--days must be a whole number of days, e.g. --days 35");
  process.exit(2);
}

// PGlite is one process's database: with the server running on it, this command can't open it.
if (!config.databaseUrl) {
  const isServerUp = await fetch(`${config.publicUrl}/api/health`)
    .then((r) => r.ok)
    .catch(() => false);
  if (isServerUp) {
    console.error(
      `Regulars is running at ${config.publicUrl} on the embedded database, which one process ` +
        "holds at a time. Its nightly job reconciles on schedule; stop it to reconcile now.",
    );
    process.exit(2);
  }
}

const runtime = await startRuntime(config, {
  logger: createLogger(config.logLevel),
  runsJobs: false,
});
try {
  const report = await reconcileEarnings(
    { ...runtime.deps, publicUrl: config.publicUrl },
    { since: new Date(Date.now() - days * 24 * 60 * 60 * 1000) },
  );
  const open = report.differences.filter((d) => !d.isRepaired);
  process.stdout.write(
    `Checked ${report.invoicesChecked} paid invoices since ${report.since}: ` +
      `${report.differences.length} differences, ${report.differences.length - open.length} repaired.\n`,
  );
  for (const d of report.differences) {
    process.stdout.write(
      `  ${d.isRepaired ? "repaired" : "OPEN    "} ${d.kind} invoice ${d.invoiceId} creator ${d.userId ?? "?"}: recorded ${d.recordedCents ?? "-"}, Stripe ${d.stripeCents ?? "-"}\n`,
    );
  }
  process.exitCode = open.length > 0 ? 1 : 0;
} finally {
  await runtime.close();
}
