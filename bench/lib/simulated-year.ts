// A business run through the emulator's clock, month by month, on `npm start`'s defaults: the
// server on PGlite with the Stripe emulator as its supervised child process. Every cadence, free
// trials and promo codes; customers pausing, skipping, resuming and switching from their
// self-service links (simulated-year-customers.ts); the books are checked invoice by invoice
// (simulated-year-ledger.ts).
// Shared by `npm run bench -- simulated-year` (1,000 subscribers, 12 months) and the reliability
// test (tests/reliability/simulated-year.test.ts: 30 subscribers, 3 months, with kills).
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import Stripe from "stripe";
import { type Cadence, cadenceAdverb } from "../../contracts/cadence";
import {
  finalizeSubscriptionResponseSchema,
  startSubscriptionResponseSchema,
} from "../../contracts/subscribe";
import { BenchClient, setUpSelling } from "./api";
import {
  type ControlFigures,
  CustomerControls,
  type CustomerLink,
  checkControls,
  customerAddress,
} from "./simulated-year-customers";
import {
  type CreatorTotals,
  type EarningRow,
  type Ledger,
  parsePaymentsCsv,
  reconcileYear,
  type Signup,
} from "./simulated-year-ledger";
import { checkPlans, isPlanInvoice, type PlanFigures } from "./simulated-year-plan-checks";
import { CreatorPlans } from "./simulated-year-plans";

const COMPILED_ENTRY = "dist/server/main.js";

export interface YearServer {
  child: ChildProcess;
  baseUrl: string;
  emulatorUrl: string;
  origin: string;
  /** The supervised emulator's process id (it changes when the emulator is restarted). */
  emulatorPid(): number | null;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * `npm start`'s server step (its heap cap and malloc arenas too), on its own ports and data
 * directory: the built server (`dist/server/main.js`) when there is one, as `npm start` runs
 * it, else the sources under tsx.
 */
export async function startYearServer(options: {
  port: number;
  emulatorPort: number;
  dataDir: string;
  build?: "compiled" | "source";
}): Promise<YearServer> {
  const build = options.build ?? (existsSync(COMPILED_ENTRY) ? "compiled" : "source");
  const origin = `http://127.0.0.1:${options.port}`;
  const inherited = { ...process.env };
  delete inherited.NODE_OPTIONS;
  const args = build === "compiled" ? [COMPILED_ENTRY] : ["--import", "tsx", "server/main.ts"];
  const child = spawn(process.execPath, args, {
    env: {
      ...inherited,
      NODE_OPTIONS: "--max-old-space-size=256 --max-semi-space-size=2",
      MALLOC_ARENA_MAX: "2",
      LOG_LEVEL: "error",
      PORT: String(options.port),
      STRIPE_EMULATOR_PORT: String(options.emulatorPort),
      DATA_DIR: options.dataDir,
      PUBLIC_URL: origin,
      BETTER_AUTH_SECRET: "year-secret-year-secret-year-secret-0123",
      // Each simulated customer comes from its own address, as real ones would.
      TRUST_PROXY: "true",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    // The start of an error says what failed; keep it.
    if (stderr.length < 16_000) stderr += chunk.toString();
  });
  let isStopping = false;
  child.once("exit", (code, signal) => {
    if (!isStopping) process.stderr.write(`server exited (${code ?? signal}):\n${stderr}\n`);
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      if ((await fetch(`${origin}/api/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${stderr}`);
    await sleep(200);
  }
  const pid = child.pid!;
  return {
    child,
    baseUrl: origin,
    origin,
    emulatorUrl: `http://127.0.0.1:${options.emulatorPort}`,
    emulatorPid: () => childrenOf(pid)[0] ?? null,
    stop: (signal = "SIGTERM") =>
      new Promise((resolve) => {
        isStopping = true;
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill(signal);
      }),
  };
}

function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, "utf8")
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number),
    );
  } catch {
    return [];
  }
}

/** Resident memory (MB): "VmRSS" now, "VmHWM" the peak since the process started. */
function memoryMb(pid: number | null, field: "VmRSS" | "VmHWM" = "VmRSS"): number {
  if (!pid) return 0;
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8")
      .split("\n")
      .find((l) => l.startsWith(`${field}:`));
    return line ? Math.round(Number(line.replace(/\D+/g, "")) / 1024) : 0;
  } catch {
    return 0;
  }
}

/** Samples both processes every half second; the emulator's pid is looked up each time. */
export function watchMemory(server: YearServer) {
  const peak = { server: 0, emulator: 0 };
  const sample = () => {
    peak.server = Math.max(peak.server, memoryMb(server.child.pid ?? null, "VmHWM"));
    peak.emulator = Math.max(peak.emulator, memoryMb(server.emulatorPid(), "VmHWM"));
  };
  const timer = setInterval(sample, 500);
  return {
    peak,
    now: () => ({
      server: memoryMb(server.child.pid ?? null),
      emulator: memoryMb(server.emulatorPid()),
    }),
    stop() {
      sample();
      clearInterval(timer);
    },
  };
}

export interface YearPlan {
  creators: number;
  subscribers: number;
  months: number;
  /** Share of subscribers whose default card becomes 4000 0000 0000 0341 (fails when charged). */
  failingShare: number;
  /** Share of the live subscriptions cancelled each month. */
  monthlyCancelShare: number;
  /** The month in which each creator edits their price; a few new subscribers pay the new one. */
  priceEditMonth: number;
  /**
   * Customers per month doing each of: pause 2 periods, skip one, pause and resume now, cancel
   * at the period's end and resume, upgrade, downgrade (from their self-service links).
   */
  controlsPerMonth: number;
  /**
   * Creators buy and change platform plans (simulated-year-plans.ts): Premium and Professional
   * bought in month 1, a downgrade and a purchase in month 2, an upgrade mid-month 2, Free in
   * month 3; the clock stops at each scheduled change until it is re-priced.
   */
  planChanges?: boolean;
  parallel: number;
  /** Runs after each month is billed and its webhooks delivered (a test kills things here). */
  afterMonth?: (month: number) => Promise<void>;
  log?: (line: string) => void;
}

interface MonthFigures {
  month: number;
  seconds: number;
  serverRssMb: number;
  emulatorRssMb: number;
  /** Paid invoices so far that billed something (all but trials'). */
  charges: number;
}

export interface YearResult {
  months: MonthFigures[];
  /** Sum of amount_paid over the emulator's paid invoices that billed something. */
  emulatorPaidCents: number;
  emulatorPaidInvoices: number;
  /** What the creators' dashboards say: net earnings plus platform fees, and payments. */
  earningsGrossCents: number;
  earningsPayments: number;
  /** What codes took off those invoices (total_discount_amounts), and what earnings say. */
  emulatorDiscountCents: number;
  earningsDiscountCents: number;
  /** Invoice by invoice, with the $0 ones and the figures per cadence. */
  ledger: Ledger;
  /** What the customers did from their links, and what it did to invoices and earnings. */
  controls: ControlFigures;
  /** Fees by the plan they followed, the creators' plan invoices, and their plans at the end. */
  plans: PlanFigures;
  signups: { total: number; withCode: number; onTrial: number };
  subscribeSeconds: number;
}

/**
 * Each creator sells every cadence, and one offering with a free trial (7, 14 or 30 days by
 * creator). The prices have odd cents, so percentage codes round. The first offering is the
 * monthly one setUpSelling makes (2500), whose price is edited in the plan's month; the full
 * garden plan is the same cadence dearer, to switch up to from it and down from.
 */
const CATALOGUE: ReadonlyArray<{ title: string; cadence: Cadence; priceCents: number }> = [
  { title: "Weekly Dog Walks", cadence: "week", priceCents: 2499 },
  { title: "Fortnightly Cleaning", cadence: "two_weeks", priceCents: 4550 },
  { title: "Quarterly Gutter Check", cadence: "three_months", priceCents: 8999 },
  { title: "Yearly Boiler Service", cadence: "year", priceCents: 29_999 },
  { title: "Full Garden Care", cadence: "month", priceCents: 3999 },
];
const TRIALS: ReadonlyArray<{
  title: string;
  cadence: Cadence;
  trialDays: number;
  priceCents: number;
}> = [
  { title: "Pet Sitting, First Week Free", cadence: "week", trialDays: 7, priceCents: 1999 },
  { title: "Pool Care, Two Weeks Free", cadence: "two_weeks", trialDays: 14, priceCents: 3333 },
  { title: "Meal Plans, 30 Days Free", cadence: "month", trialDays: 30, priceCents: 4999 },
];

/**
 * The codes of the creators who make some (two in three), on all their offerings: 20% for 3
 * months; $30.00 off the first charge, more than a weekly or monthly price (that charge is $0);
 * 10% forever.
 */
const PROMO_CODES = [
  { code: "SPRING20", kind: "percent", percentOff: 20, duration: "repeating", durationInMonths: 3 },
  { code: "FIRSTFREE", kind: "amount", amountOffCents: 3000, duration: "once" },
  { code: "LOYAL10", kind: "percent", percentOff: 10, duration: "forever" },
] as const;
const hasCodes = (creator: number) => creator % 3 !== 2;

interface Offering {
  id: string;
  customUrl: string;
  cadence: Cadence;
  trialDays: number;
}

interface Creator {
  client: BenchClient;
  /** The monthly offering first, then CATALOGUE's, then the trial one. */
  offerings: Offering[];
}

/**
 * Sign-up n: creators in turn; each creator's offerings in turn; at a creator with codes, a
 * code for three sign-ups in five, shifted each round so every offering meets every code.
 */
function signupPlan(n: number, creators: Creator[]) {
  const creator = n % creators.length;
  const k = Math.floor(n / creators.length);
  const offerings = creators[creator]!.offerings;
  const slot = (k + Math.floor(k / offerings.length)) % (PROMO_CODES.length + 2);
  return {
    creator,
    offering: offerings[k % offerings.length]!,
    promoCode: hasCodes(creator) ? (PROMO_CODES[slot]?.code ?? null) : null,
  };
}

export async function runSimulatedYear(
  server: () => YearServer,
  plan: YearPlan,
): Promise<YearResult> {
  const log = plan.log ?? (() => {});
  const first = server();
  const stripe = new Stripe("sk_test_emulator", {
    host: "127.0.0.1",
    port: Number(new URL(first.emulatorUrl).port),
    protocol: "http",
    maxNetworkRetries: 5,
  });
  const creators: Creator[] = [];
  for (let i = 0; i < plan.creators; i += 1) {
    creators.push(await createCreator(first, i));
  }

  const late = Math.min(plan.creators * 5, Math.floor(plan.subscribers / 10));
  const signups = new Map<string, Signup>();
  const subscriptions: string[] = [];
  const links = new Map<string, CustomerLink>();
  let next = 0;
  const subscribeMany = async (count: number) => {
    const until = next + count;
    await Promise.all(
      Array.from({ length: plan.parallel }, async () => {
        while (next < until) {
          const n = next;
          next += 1;
          const { creator, offering, promoCode } = signupPlan(n, creators);
          const { subscriptionId: id, manageKey } = await subscribe(server(), offering.customUrl, {
            n,
            promoCode,
          });
          links.set(id, {
            subscriptionId: id,
            manageKey,
            customUrl: offering.customUrl,
            address: customerAddress(n),
          });
          signups.set(id, {
            creator,
            cadence: offering.cadence,
            trialDays: offering.trialDays,
            promoCode,
          });
          subscriptions.push(id);
        }
      }),
    );
  };
  const started = performance.now();
  await subscribeMany(plan.subscribers - late);
  const subscribeSeconds = (performance.now() - started) / 1000;
  log(`${subscriptions.length} subscribed in ${subscribeSeconds.toFixed(1)} s`);

  // 5% of customers end up with a card that fails when charged (as if they replaced theirs).
  const failing = Math.round(plan.subscribers * plan.failingShare);
  for (const id of subscriptions.slice(0, failing)) {
    const subscription = await stripe.subscriptions.retrieve(id);
    const customer = subscription.customer as string;
    const pm = await stripe.paymentMethods.attach("pm_card_chargeCustomerFail", { customer });
    await stripe.customers.update(customer, {
      invoice_settings: { default_payment_method: pm.id },
    });
    await stripe.subscriptions.update(id, { default_payment_method: pm.id });
  }

  const plans = new CreatorPlans(
    {
      stripe,
      emulatorUrl: () => server().emulatorUrl,
      creators: creators.map((creator) => creator.client),
      subscriptionsOf: (creator) =>
        [...signups].flatMap(([id, signup]) => (signup.creator === creator ? [id] : [])),
      postJson,
      deliverWebhooks: () => deliverWebhooks(server().emulatorUrl),
    },
    plan.planChanges ?? false,
  );
  const months: MonthFigures[] = [];
  let cancelled = failing;
  // The customers who act from their links: past every one the monthly cancellations can reach.
  const horizon = failing + Math.round(plan.subscribers * plan.monthlyCancelShare) * plan.months;
  const controls = new CustomerControls(
    server,
    () => subscriptions.slice(horizon).map((id) => links.get(id)!),
    plan.controlsPerMonth,
  );
  for (let month = 1; month <= plan.months; month += 1) {
    const t = performance.now();
    await plans.act(month, "start");
    if (month === plan.priceEditMonth) {
      for (const [i, creator] of creators.entries()) {
        await creator.client.call("PATCH", `/api/offerings/${creator.offerings[0]!.id}`, {
          title: "Weekly Lawn Care",
          description: "Mowing, edging and clippings removed, every week, all season long.",
          priceCents: 2700 + i * 100,
        });
      }
      await subscribeMany(plan.subscribers - subscriptions.length);
    }
    // Some customers leave each month (in the billing portal: cancelled at once).
    const leaving = Math.round(subscriptions.length * plan.monthlyCancelShare);
    for (const id of subscriptions.slice(cancelled, cancelled + leaving)) {
      await stripe.subscriptions.cancel(id).catch(() => undefined);
    }
    cancelled += leaving;

    const controlsStarted = performance.now();
    await controls.startOfMonth();
    let controlSeconds = (performance.now() - controlsStarted) / 1000;
    await plans.advance(10);
    await plans.act(month, "mid");
    const switchesStarted = performance.now();
    await controls.midMonth();
    controlSeconds += (performance.now() - switchesStarted) / 1000;
    await plans.advance(21);
    await plan.afterMonth?.(month);
    const charges = (await listPaidInvoices(stripe)).customers.filter((i) => i.subtotal > 0).length;
    const s = server();
    months.push({
      month,
      seconds: Math.round((performance.now() - t) / 100) / 10,
      serverRssMb: memoryMb(s.child.pid ?? null),
      emulatorRssMb: memoryMb(s.emulatorPid()),
      charges,
    });
    log(
      `month ${month}: ${JSON.stringify(months.at(-1))}, ${controlSeconds.toFixed(1)} s of it controls`,
    );
  }

  const totals: CreatorTotals[] = [];
  const earningRows: EarningRow[] = [];
  for (const [i, creator] of creators.entries()) {
    const earnings = await creator.client.call<{
      totalNetEarningsCents: number;
      totalPlatformFeesCents: number;
      totalPayments: number;
      totalDiscountCents: number;
    }>("GET", "/api/dashboard/earnings");
    totals.push({
      grossCents: earnings.totalNetEarningsCents + earnings.totalPlatformFeesCents,
      payments: earnings.totalPayments,
      discountCents: earnings.totalDiscountCents,
    });
    earningRows.push(...parsePaymentsCsv(i, await paymentsCsv(creator.client)));
  }
  const { customers: paidInvoices, plans: planInvoices } = await listPaidInvoices(stripe);
  const ledger = reconcileYear({ signups, paidInvoices, earningRows, totals });
  const checkStarted = performance.now();
  const controlFigures = await checkControls({ controls, stripe, paidInvoices, earningRows });
  log(`controls checked in ${((performance.now() - checkStarted) / 1000).toFixed(1)} s`);
  const planFigures = await checkPlans({
    plans,
    stripe,
    customerInvoices: paidInvoices,
    planInvoices,
    earningRows,
  });
  const all = [...signups.values()];
  return {
    months,
    emulatorPaidCents: ledger.chargedCents,
    emulatorPaidInvoices: ledger.chargedInvoices,
    earningsGrossCents: ledger.earnings.grossCents,
    earningsPayments: ledger.earnings.payments,
    emulatorDiscountCents: ledger.chargedDiscountCents,
    earningsDiscountCents: ledger.earnings.discountCents,
    ledger,
    controls: controlFigures,
    plans: planFigures,
    signups: {
      total: all.length,
      withCode: all.filter((s) => s.promoCode).length,
      onTrial: all.filter((s) => s.trialDays > 0).length,
    },
    subscribeSeconds,
  };
}

/**
 * A creator who can sell: signed up and in, onboarded with Stripe, an offering of each cadence
 * and one with a free trial, and (two creators in three) promo codes for all of them.
 */
async function createCreator(server: YearServer, n: number): Promise<Creator> {
  const client = new BenchClient(server.baseUrl, server.origin);
  client.forwardedFor = `198.19.0.${n + 1}`;
  const credentials = {
    email: `year-${randomUUID().slice(0, 8)}@example.com`,
    password: "year-password-1",
  };
  await client.call("POST", "/api/auth/sign-up/email", {
    ...credentials,
    name: `Creator ${n + 1}`,
  });
  // Sign-up may or may not sign in; signing in always does.
  await client.call("POST", "/api/auth/sign-in/email", credentials);
  const monthly = await setUpSelling(client, server.emulatorUrl, `Year Lawns ${n + 1}`, (url) =>
    postJson(url),
  );
  const offerings: Offering[] = [{ ...monthly, cadence: "month", trialDays: 0 }];
  const trial = TRIALS[n % TRIALS.length]!;
  for (const item of [...CATALOGUE.map((c) => ({ ...c, trialDays: 0 })), trial]) {
    const { offering } = await client.call<{ offering: { id: string; customUrl: string } }>(
      "POST",
      "/api/offerings",
      {
        title: item.title,
        category: "home-property",
        subcategory: "Home Services",
        description: `${item.title}, ${cadenceAdverb(item.cadence)}.`,
        priceCents: item.priceCents,
        cadence: item.cadence,
        trialDays: item.trialDays,
      },
    );
    offerings.push({ ...offering, cadence: item.cadence, trialDays: item.trialDays });
  }
  if (hasCodes(n)) {
    for (const code of PROMO_CODES) {
      await client.call("POST", "/api/promo-codes", {
        ...code,
        offeringIds: offerings.map((o) => o.id),
      });
    }
  }
  return { client, offerings };
}

/** The creator's payments CSV: every earnings row, with its Stripe invoice. */
async function paymentsCsv(client: BenchClient): Promise<string> {
  const response = await fetch(`${client.baseUrl}/api/subscribers/export/payments.csv`, {
    headers: {
      Origin: client.origin,
      Cookie: client.cookie,
      "X-Forwarded-For": client.forwardedFor,
    },
  });
  if (!response.ok) throw new Error(`payments CSV: ${response.status} ${await response.text()}`);
  return response.text();
}

/**
 * The platform's paid invoices, with their payments: the customers' (of the creators'
 * subscriptions) apart from the creators' own plan invoices (metadata kind "creator_plan").
 */
async function listPaidInvoices(stripe: Stripe) {
  const out = { customers: [] as Stripe.Invoice[], plans: [] as Stripe.Invoice[] };
  for await (const invoice of stripe.invoices.list({
    status: "paid",
    limit: 100,
    expand: ["data.payments"],
  }))
    (isPlanInvoice(invoice) ? out.plans : out.customers).push(invoice);
  return out;
}

/** Until the emulator owes nothing: each flush waits up to 30 s. */
async function deliverWebhooks(emulatorUrl: string) {
  for (let i = 0; i < 200; i += 1) {
    const { pending } = (await postJson(`${emulatorUrl}/_emulator/webhooks/flush`)) as {
      pending: number;
    };
    if (pending === 0) return;
  }
  throw new Error("webhooks still pending after many flushes");
}

async function postJson(url: string, body?: unknown): Promise<unknown> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
      return await response.json();
    } catch (error) {
      // The emulator may be restarting (a test kills it); it comes back within seconds.
      if (attempt >= 30) throw error;
      await sleep(1_000);
    }
  }
}

/**
 * The card path a customer takes on a landing page, with a card of their own that pays (a
 * trial is once per card and e-mail at a business) and maybe a code: as
 * tests/support/subscribe-over-http.ts, but with a trial the browser confirms the SetupIntent.
 */
async function subscribe(
  server: YearServer,
  customUrl: string,
  options: { n: number; promoCode: string | null },
): Promise<{ subscriptionId: string; manageKey: string }> {
  const form = (fields: Record<string, string>) => ({
    method: "POST",
    headers: {
      Authorization: "Bearer pk_test_emulator",
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields),
  });
  const stripeJs = async (path: string, fields: Record<string, string>) => {
    const response = await fetch(`${server.emulatorUrl}${path}`, form(fields));
    if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: string };
  };
  const app = async <T>(path: string, body: unknown, expected: number): Promise<T> => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Origin: server.origin,
        "X-Forwarded-For": `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      },
      body: JSON.stringify(body),
    });
    if (response.status !== expected)
      throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const { id: paymentMethodId } = await stripeJs("/v1/payment_methods", {
    type: "card",
    "card[number]": cardNumber(options.n),
    "card[exp_month]": "12",
    "card[exp_year]": "2035",
    "card[cvc]": "123",
  });
  const start = startSubscriptionResponseSchema.parse(
    await app(
      "/api/public/subscribe",
      {
        customUrl,
        attemptId: randomUUID(),
        name: "Year Customer",
        email: `y-${randomUUID().slice(0, 8)}@example.com`,
        paymentMethodId,
        ...(options.promoCode ? { promoCode: options.promoCode } : {}),
      },
      201,
    ),
  );
  if (start.clientSecret) {
    const intentId = start.clientSecret.split("_secret_")[0];
    const intents = start.confirm === "setup" ? "setup_intents" : "payment_intents";
    await stripeJs(`/v1/${intents}/${intentId}/confirm`, {
      client_secret: start.clientSecret,
      payment_method: paymentMethodId,
    });
  }
  const { manageKey } = finalizeSubscriptionResponseSchema.parse(
    await app(
      "/api/public/subscribe/finalize",
      { customUrl, subscriptionId: start.subscriptionId, finalizeToken: start.finalizeToken },
      200,
    ),
  );
  return { subscriptionId: start.subscriptionId, manageKey };
}

/** A Visa number of sign-up n's own ("4242" and n, with its Luhn digit): it always pays. */
function cardNumber(n: number): string {
  const body = `4242${String(n).padStart(11, "0")}`;
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    // Doubled: every second digit from the right of the full number, check digit excluded.
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
