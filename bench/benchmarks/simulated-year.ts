import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { cadences } from "../../contracts/cadence";
import { record, round } from "../lib/results";
import { runSimulatedYear, startYearServer, watchMemory } from "../lib/simulated-year";

/** The targets of issue 12: what `npm start`'s defaults must carry, and within what memory. */
const SERVER_RSS_TARGET_MB = 350;
const EMULATOR_RSS_TARGET_MB = 250;

/**
 * Benchmark 6: a year of a small business on `npm start`'s defaults (PGlite, the emulator as a
 * supervised child): 3 creators, each selling every cadence and one offering with a free trial,
 * two of them with promo codes; 1,000 subscribers, some with a code, some on a trial; renewals
 * through the emulator's clock, 5% of cards failing, 2% of customers leaving each month, a price
 * edit per creator in month 4 (with new subscribers at the new price); each month, 1 in 200
 * customers per action pause for 2 periods, skip one, pause and resume now, cancel at the
 * period's end and resume, switch up or down, from their links; the creators buy, upgrade,
 * downgrade and leave platform plans in months 1 to 3 (simulated-year-plans.ts). Reports wall time, each
 * process's peak and per-month memory, and whether earnings equal the emulator's charged
 * invoices to the cent, invoice by invoice, discounts too; per cadence, the charges, trials
 * converted and discount.
 */
export async function benchSimulatedYear(
  ports: { port: number; emulatorPort: number },
  options: { subscribers?: number; months?: number } = {},
) {
  const subscribers = options.subscribers ?? 1_000;
  const months = options.months ?? 12;
  const dataDir = mkdtempSync(path.join(tmpdir(), "regulars-bench-year-"));
  const started = performance.now();
  const server = await startYearServer({ ...ports, dataDir });
  const memory = watchMemory(server);
  try {
    const result = await runSimulatedYear(() => server, {
      creators: 3,
      subscribers,
      months,
      failingShare: 0.05,
      monthlyCancelShare: 0.02,
      priceEditMonth: 4,
      controlsPerMonth: Math.max(1, Math.round(subscribers / 200)),
      planChanges: true,
      parallel: 10,
      log: (line) => process.stdout.write(`  simulated year: ${line}\n`),
    });
    memory.stop();
    const name = `6. simulated year (${subscribers} subscribers, ${months} months)`;
    record({
      benchmark: name,
      metric: "wall time",
      value: round((performance.now() - started) / 1000, 1),
      unit: "s",
    });
    record({
      benchmark: name,
      metric: "subscribe phase",
      value: round(result.subscribeSeconds, 1),
      unit: "s",
    });
    record({
      benchmark: name,
      metric: "server peak RSS",
      value: memory.peak.server,
      unit: "MB",
      target: `<= ${SERVER_RSS_TARGET_MB} MB`,
      meetsTarget: memory.peak.server <= SERVER_RSS_TARGET_MB,
    });
    record({
      benchmark: name,
      metric: "emulator peak RSS",
      value: memory.peak.emulator,
      unit: "MB",
      target: `<= ${EMULATOR_RSS_TARGET_MB} MB`,
      meetsTarget: memory.peak.emulator <= EMULATOR_RSS_TARGET_MB,
    });
    for (const month of result.months) {
      record({
        benchmark: name,
        metric: `month ${month.month}: server / emulator RSS`,
        value: month.serverRssMb,
        unit: `MB / ${month.emulatorRssMb} MB (${month.seconds} s, ${month.charges} charges so far)`,
      });
    }
    const { ledger, signups } = result;
    record({
      benchmark: name,
      metric: "sign-ups: with a code / on a free trial",
      value: signups.total,
      unit: `subscribers (${signups.withCode} with a code, ${signups.onTrial} on a trial)`,
    });
    record({
      benchmark: name,
      metric: "earnings vs the emulator's charged invoices (all but trials', $0 ones too)",
      value: result.earningsGrossCents,
      unit: `cents in ${result.earningsPayments} payments`,
      reference: result.emulatorPaidCents,
      target: `equal, to the cent, and one payment per charged invoice (${result.emulatorPaidInvoices})`,
      meetsTarget:
        result.earningsGrossCents === result.emulatorPaidCents &&
        result.earningsPayments === result.emulatorPaidInvoices,
    });
    record({
      benchmark: name,
      metric: "earnings' discount vs the charged invoices' total_discount_amounts",
      value: result.earningsDiscountCents,
      unit: "cents",
      reference: result.emulatorDiscountCents,
      target: "equal, to the cent",
      meetsTarget: result.earningsDiscountCents === result.emulatorDiscountCents,
    });
    record({
      benchmark: name,
      metric: "invoice by invoice: one earnings row of its amount per charge",
      value: ledger.mismatches.length,
      unit: `mismatches (${ledger.earningsRows} rows, ${ledger.earningsCents} cents)`,
      target: "0",
      meetsTarget: ledger.mismatches.length === 0,
    });
    record({
      benchmark: name,
      metric: "paid $0 invoices: trial (no earnings row by design) / code took all ($0 payment)",
      value: ledger.trialInvoices,
      unit: `trial / ${ledger.zeroChargeInvoices} fully discounted (${ledger.zeroChargeDiscountCents} cents off)`,
    });
    for (const cadence of cadences) {
      const c = ledger.byCadence[cadence];
      record({
        benchmark: name,
        metric: `${cadence}: charges (subscribers, trials converted, discount)`,
        value: c.charges,
        unit: `charges, ${c.chargedCents} cents (${c.subscribers} subscribers, ${c.withCode} with a code; trials ${c.trialsConverted} of ${c.trialsStarted} converted; ${c.discountCents} cents off; ${c.zeroCharges} charges at $0)`,
      });
    }
    const { controls } = result;
    record({
      benchmark: name,
      metric: "customer controls: pause 2 / skip / pause, resume now / cancel, resume / up / down",
      value: Object.values(controls.counts).reduce((sum, n) => sum + n, 0),
      unit: `actions (${Object.values(controls.counts).join(" / ")}); ${controls.voidInvoices} invoices voided`,
    });
    record({
      benchmark: name,
      metric: "upgrades' prorated invoices vs their earnings",
      value: controls.prorationEarningsCents,
      unit: `cents (${controls.prorationInvoices} invoices)`,
      reference: controls.prorationCents,
      target: "equal, to the cent; voided invoices unpaid and unearned; switched links still open",
      meetsTarget:
        controls.prorationEarningsCents === controls.prorationCents &&
        controls.switchedLinksWorking === controls.switchedCustomers &&
        controls.mismatches.length === 0,
    });
    const { plans } = result;
    for (const plan of ["free", "premium", "professional"] as const) {
      const f = plans.fees[plan];
      record({
        benchmark: name,
        metric: `${plan}: payments, charged and fees taken`,
        value: f.rows,
        unit: `payments, ${f.amountCents} cents, ${f.feeCents} cents in fees`,
      });
    }
    record({
      benchmark: name,
      metric: "fees: Stripe's on each invoice, fitting the plan in force at its creation",
      value: plans.feeMisfits.length + plans.mismatches.length,
      unit: `mismatches (${plans.feeMisfits.length} fees not fitting their plan); ${plans.repricing.waits} re-pricings awaited, ${round(plans.repricing.seconds, 1)} s`,
      target: "0",
      meetsTarget: plans.feeMisfits.length + plans.mismatches.length === 0,
    });
    const sum = (cents: number[]) => cents.reduce((total, c) => total + c, 0);
    record({
      benchmark: name,
      metric: "plan invoices paid vs expected (months billed, the upgrade's proration)",
      value: sum(plans.planInvoices.flatMap((p) => p.paidCents)),
      unit: `cents; plans at the end: ${plans.finalPlans.map((p) => p.plan).join(" / ")}`,
      reference: sum(plans.planInvoices.flatMap((p) => p.expectedCents)),
      target: "equal, to the cent, invoice by invoice",
      meetsTarget: plans.planInvoices.every((p) => p.paidCents.join() === p.expectedCents.join()),
    });
    const all = [
      ...ledger.mismatches,
      ...controls.mismatches,
      ...plans.mismatches,
      ...plans.feeMisfits,
    ];
    for (const mismatch of all.slice(0, 20)) {
      process.stdout.write(`  simulated year: MISMATCH ${mismatch}\n`);
    }
  } finally {
    memory.stop();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
