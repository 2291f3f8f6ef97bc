import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { runSimulatedYear, startYearServer, type YearServer } from "../../bench/lib/simulated-year";
import { cadences } from "../../contracts/cadence";
import { openDatabase } from "../../server/db/client";
import { freePort } from "../support/server-process";

// `npm start`'s defaults (PGlite, the emulator as a supervised child) carrying a small business
// through three months of the emulator's clock, while the emulator is killed with -9 and the
// whole server is restarted: every cadence, free trials and promo codes, customers pausing,
// skipping, resuming and switching from their links, and every charged invoice (an upgrade's
// prorated one too) still ends up as one earnings row, to the cent, with what the codes took
// off; a pause's voided invoices are neither charged nor earned. The creators buy, upgrade,
// downgrade and leave platform plans meanwhile (issue 23): every payment's fee is the one Stripe
// took, under the plan in force when its invoice was made, and the plan invoices are exactly the
// months billed and the upgrade's proration.
// `npm run bench -- simulated-year` runs the same at 1,000 subscribers for a year.

const dataDir = mkdtempSync(path.join(tmpdir(), "regulars-year-"));
let server: YearServer | null = null;
beforeAll(() => {
  // The built server, as `npm start` runs it: rebuilt only if its sources changed.
  execFileSync(process.execPath, ["scripts/build.mjs", "--if-stale"], { stdio: "inherit" });
}, 300_000);
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function waitForEmulator(url: string, previousPid: number | null) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const pid = server!.emulatorPid();
    try {
      if (pid && pid !== previousPid && (await fetch(`${url}/_emulator/clock`)).ok) return pid;
    } catch {
      // still restarting
    }
    if (Date.now() > deadline) throw new Error("the supervised emulator did not come back");
    await new Promise((r) => setTimeout(r, 200));
  }
}

it("three months of 30 subscribers on every cadence, trials and codes survive a kill -9 of the emulator and a server restart, and reconcile to the cent", async () => {
  const ports = { port: await freePort(), emulatorPort: await freePort(), dataDir };
  server = await startYearServer({ ...ports, build: "compiled" });
  const clockBefore: number[] = [];
  const result = await runSimulatedYear(() => server!, {
    creators: 3,
    subscribers: 30,
    months: 3,
    failingShare: 0.1,
    monthlyCancelShare: 0.05,
    priceEditMonth: 2,
    controlsPerMonth: 1,
    planChanges: true,
    parallel: 5,
    log: (line) => process.stderr.write(`simulated year: ${line}\n`),
    async afterMonth(month) {
      const clock = (await fetch(`${server!.emulatorUrl}/_emulator/clock`).then((r) =>
        r.json(),
      )) as { offsetSeconds: number };
      clockBefore.push(clock.offsetSeconds);
      if (month === 1) {
        // The supervisor brings a killed emulator back; it lost nothing.
        const pid = server!.emulatorPid();
        expect(pid).not.toBeNull();
        process.kill(pid!, "SIGKILL");
        await waitForEmulator(server!.emulatorUrl, pid);
      }
      if (month === 2) {
        // The whole app stops (the emulator with it) and starts again on the same data.
        const emulatorPid = server!.emulatorPid();
        await server!.stop();
        expect(isAlive(emulatorPid)).toBe(false);
        server = await startYearServer({ ...ports, build: "compiled" });
      }
      const after = (await fetch(`${server!.emulatorUrl}/_emulator/clock`).then((r) =>
        r.json(),
      )) as { offsetSeconds: number };
      expect(after.offsetSeconds).toBe(clock.offsetSeconds);
    },
  });
  expect(clockBefore).toHaveLength(3);
  const { ledger } = result;
  const { emulatorPaidInvoices, emulatorPaidCents, earningsPayments, earningsGrossCents } = result;
  process.stderr.write(
    `simulated year: ${JSON.stringify({ emulatorPaidInvoices, emulatorPaidCents, earningsPayments, earningsGrossCents, discountCents: result.earningsDiscountCents })}\n`,
  );
  expect(ledger.mismatches).toEqual([]);
  // 30 first invoices (a few of them $0) plus three months of renewals, weekly ones four or
  // five times a month, less failures and cancellations.
  expect(result.emulatorPaidInvoices).toBeGreaterThan(30 + 2 * 20);
  expect(result.earningsPayments).toBe(result.emulatorPaidInvoices);
  expect(result.earningsGrossCents).toBe(result.emulatorPaidCents);
  expect(ledger.earningsRows).toBe(result.emulatorPaidInvoices);
  expect(ledger.earningsCents).toBe(result.emulatorPaidCents);
  // What the codes took off the charges is what the earnings tab says they cost.
  expect(result.emulatorDiscountCents).toBeGreaterThan(0);
  expect(result.earningsDiscountCents).toBe(result.emulatorDiscountCents);
  expect(result.signups).toEqual({ total: 30, withCode: 12, onTrial: 3 });
  for (const cadence of cadences) {
    expect(ledger.byCadence[cadence].subscribers, cadence).toBeGreaterThan(0);
    expect(ledger.byCadence[cadence].charges, cadence).toBeGreaterThan(0);
  }
  // Weekly subscribers renew about four times a month.
  expect(ledger.byCadence.week.charges).toBeGreaterThan(3 * ledger.byCadence.week.subscribers);
  const trials = cadences.map((c) => ledger.byCadence[c]);
  expect(trials.reduce((sum, c) => sum + c.trialsConverted, 0)).toBeGreaterThan(0);
  // $0 invoices: each trial's (no earnings row), and $30.00 off a first charge below it, $24.99
  // weekly or $19.99 after a trial (a $0 payment, so what the code cost is in the earnings; the
  // ledger checks each took the whole price).
  expect(ledger.trialInvoices).toBe(result.signups.onTrial);
  expect(ledger.zeroChargeInvoices).toBeGreaterThan(0);
  expect(ledger.zeroChargeDiscountCents).toBeGreaterThanOrEqual(ledger.zeroChargeInvoices * 1999);
  expect(ledger.zeroChargeDiscountCents).toBeLessThanOrEqual(ledger.zeroChargeInvoices * 2499);

  // A handful of each, from the customers' own links: pauses and skips voided renewals, which
  // neither charged nor earned; each upgrade charged what its preview said, and earned it.
  const { controls } = result;
  process.stderr.write(
    `simulated year: controls ${JSON.stringify({ ...controls, mismatches: controls.mismatches.length })}\n`,
  );
  expect(controls.mismatches).toEqual([]);
  expect(controls.counts).toMatchObject({
    pause: 3,
    skip: 3,
    pauseThenResume: 3,
    cancelThenResume: 3,
  });
  expect(controls.counts.upgrade).toBeGreaterThanOrEqual(2);
  expect(controls.counts.downgrade).toBeGreaterThanOrEqual(2);
  expect(controls.voidInvoices).toBeGreaterThanOrEqual(controls.counts.skip);
  expect(controls.prorationInvoices).toBe(controls.counts.upgrade);
  expect(controls.prorationCents).toBeGreaterThan(0);
  expect(controls.prorationEarningsCents).toBe(controls.prorationCents);
  expect(controls.switchedCustomers).toBeGreaterThan(0);
  expect(controls.switchedLinksWorking).toBe(controls.switchedCustomers);

  // Fees follow the plan: each payment's fee is what Stripe took on its invoice, fits the plan
  // the payment names, and that is the plan in force when the invoice was made (the ledger of
  // plans checks all three, and the plan invoices against what the bench bought).
  const { plans } = result;
  process.stderr.write(
    `simulated year: plans ${JSON.stringify({ ...plans, feeMisfits: plans.feeMisfits.length, mismatches: plans.mismatches.length })}\n`,
  );
  expect(plans.mismatches).toEqual([]);
  expect(plans.feeMisfits).toEqual([]);
  for (const plan of ["free", "premium", "professional"] as const) {
    expect(plans.fees[plan].rows, plan).toBeGreaterThan(0);
  }
  expect(plans.fees.free.rows + plans.fees.premium.rows + plans.fees.professional.rows).toBe(
    result.earningsPayments,
  );
  // Creator 1: Premium, then Professional mid-month 2 (prorated); creator 2: Professional, then
  // Premium from the end of its month; creator 3: Premium from month 2, Free at its month's end.
  const [first, second, third] = plans.planInvoices;
  expect(first!.paidCents).toEqual(first!.expectedCents);
  expect(first!.paidCents.slice(0, 2)).toEqual([19_900, 19_900]);
  expect(first!.paidCents).toContain(49_900);
  expect(second!.paidCents).toEqual(second!.expectedCents);
  expect(second!.paidCents[0]).toBe(49_900);
  expect(second!.paidCents).toContain(19_900);
  expect(third!.paidCents).toEqual(third!.expectedCents);
  expect(third!.paidCents[0]).toBe(19_900);
  expect(plans.finalPlans.slice(0, 2)).toEqual([
    { plan: "professional", scheduled: null },
    { plan: "premium", scheduled: null },
  ]);
  expect([
    { plan: "premium", scheduled: "free" },
    { plan: "free", scheduled: null },
  ]).toContainEqual(plans.finalPlans[2]);

  // The server's own records of them, read from its data directory once it has stopped.
  await server!.stop();
  server = null;
  const database = await openDatabase({ pgliteDir: path.join(dataDir, "pglite") });
  try {
    const count = async (query: ReturnType<typeof sql>) =>
      Number(
        ((await database.db.execute(query)) as unknown as { rows: [{ n: number }] }).rows[0].n,
      );
    expect(await count(sql`select count(*) as n from subscriber_pauses`)).toBe(
      controls.counts.pause + controls.counts.skip + controls.counts.pauseThenResume,
    );
    expect(await count(sql`select count(*) as n from subscriber_switches`)).toBe(
      controls.counts.upgrade + controls.counts.downgrade,
    );
    expect(
      await count(sql`select count(*) as n from subscriber_switches where effective_at is null`),
    ).toBe(controls.counts.upgrade);
  } finally {
    await database.close();
  }
  // About a minute alone (two server starts, one of them with initdb); more on a busy machine.
}, 300_000);

function isAlive(pid: number | null) {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
