// A business run through the emulator's clock, month by month, on `npm start`'s defaults: the
// server on PGlite with the Stripe emulator as its supervised child process. Shared by
// `npm run bench -- simulated-year` (1,000 subscribers, 12 months) and the reliability test
// (tests/reliability/simulated-year.test.ts: 30 subscribers, 3 months, with kills).
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import Stripe from "stripe";
import { subscribeOverHttp } from "../../tests/support/subscribe-over-http";
import { BenchClient, setUpSelling } from "./api";

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
  paidInvoices: number;
}

export interface YearResult {
  months: MonthFigures[];
  /** Sum of amount_paid over the emulator's paid invoices. */
  emulatorPaidCents: number;
  emulatorPaidInvoices: number;
  /** What the creators' dashboards say: net earnings plus platform fees, and payments. */
  earningsGrossCents: number;
  earningsPayments: number;
  subscribeSeconds: number;
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
  const creators: Array<{
    client: BenchClient;
    offering: { id: string; customUrl: string };
  }> = [];
  for (let i = 0; i < plan.creators; i += 1) {
    creators.push(await createCreator(first, i));
  }

  const late = Math.min(plan.creators * 5, Math.floor(plan.subscribers / 10));
  const subscriptions: string[] = [];
  const subscribeMany = async (count: number) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: plan.parallel }, async () => {
        while (next < count) {
          const n = next;
          next += 1;
          const creator = creators[n % creators.length]!;
          subscriptions.push(await subscribe(server(), creator.offering.customUrl));
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

  const months: MonthFigures[] = [];
  let cancelled = failing;
  for (let month = 1; month <= plan.months; month += 1) {
    const t = performance.now();
    if (month === plan.priceEditMonth) {
      for (const [i, creator] of creators.entries()) {
        await creator.client.call("PATCH", `/api/offerings/${creator.offering.id}`, {
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

    await postJson(`${server().emulatorUrl}/_emulator/clock/advance`, { days: 31 });
    await deliverWebhooks(server().emulatorUrl);
    await plan.afterMonth?.(month);
    const paidInvoices = (await listPaidInvoices(stripe)).length;
    const s = server();
    months.push({
      month,
      seconds: Math.round((performance.now() - t) / 100) / 10,
      serverRssMb: memoryMb(s.child.pid ?? null),
      emulatorRssMb: memoryMb(s.emulatorPid()),
      paidInvoices,
    });
    log(`month ${month}: ${JSON.stringify(months.at(-1))}`);
  }

  const paid = await listPaidInvoices(stripe);
  let earningsGrossCents = 0;
  let earningsPayments = 0;
  for (const creator of creators) {
    const earnings = await creator.client.call<{
      totalNetEarningsCents: number;
      totalPlatformFeesCents: number;
      totalPayments: number;
    }>("GET", "/api/dashboard/earnings");
    earningsGrossCents += earnings.totalNetEarningsCents + earnings.totalPlatformFeesCents;
    earningsPayments += earnings.totalPayments;
  }
  return {
    months,
    emulatorPaidCents: paid.reduce((sum, invoice) => sum + invoice.amount_paid, 0),
    emulatorPaidInvoices: paid.length,
    earningsGrossCents,
    earningsPayments,
    subscribeSeconds,
  };
}

/** A creator who can sell: signed up and in, onboarded with Stripe, one monthly offering. */
async function createCreator(server: YearServer, n: number) {
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
  const offering = await setUpSelling(client, server.emulatorUrl, `Year Lawns ${n + 1}`, (url) =>
    postJson(url),
  );
  return { client, offering };
}

async function listPaidInvoices(stripe: Stripe) {
  const out: Stripe.Invoice[] = [];
  for await (const invoice of stripe.invoices.list({ status: "paid", limit: 100 }))
    out.push(invoice);
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

/** The card path a customer takes on a landing page, with a card that pays. */
async function subscribe(server: YearServer, customUrl: string): Promise<string> {
  const { subscriptionId } = await subscribeOverHttp({
    baseUrl: server.baseUrl,
    origin: server.origin,
    emulatorUrl: server.emulatorUrl,
    customUrl,
    name: "Year Customer",
    email: `y-${randomUUID().slice(0, 8)}@example.com`,
    forwardedFor: `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  return subscriptionId;
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
