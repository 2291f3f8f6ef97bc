import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type Stripe from "stripe";
import { subscriptionFeePercent } from "../../contracts/plans";
import { parseConfig } from "../../server/config/env";
import { queues } from "../../server/integrations/jobs/job-queue";
import { createLogger } from "../../server/lib/logger";
import { queueDueRepricing } from "../../server/modules/plans/fee-repricing";
import { writePlanPeriod } from "../../server/modules/plans/plan-period-repository";
import { startRuntime } from "../../server/runtime";
import { createScratchDatabase } from "../lib/postgres";
import { record, round } from "../lib/results";
import { startEmulatorProcess } from "../lib/server-process";

const PRICE_CENTS = 5000;

/** Runs `work` over `items`, `lanes` at a time. */
async function inLanes<T>(items: T[], lanes: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < items.length) {
        const item = items[next]!;
        next += 1;
        await work(item);
      }
    }),
  );
}

/** `count` live subscriptions at Stripe (trialing: no card needed), all at Free's 15%. */
async function makeSubscriptions(stripe: Stripe, count: number): Promise<string[]> {
  const price = await stripe.prices.create({
    currency: "usd",
    unit_amount: PRICE_CENTS,
    recurring: { interval: "month" },
    product_data: { name: "Lawn Care" },
  });
  const ids: string[] = [];
  await inLanes(
    Array.from({ length: count }, (_, n) => n),
    16,
    async (n) => {
      const customer = await stripe.customers.create({ email: `c${n}@example.com` });
      const subscription = await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: price.id }],
        trial_period_days: 30,
        application_fee_percent: 15,
      });
      ids.push(subscription.id);
    },
  );
  return ids;
}

/** Our rows for them: one creator, one offering, a subscriber and its subscription each. */
async function recordSubscriptions(
  db: import("../../server/db/client").Db,
  userId: string,
  ids: string[],
) {
  const { sql } = await import("drizzle-orm");
  await db.execute(
    sql`insert into "user" (id, name, email, email_verified, created_at, updated_at)
        values (${userId}, 'Bench Creator', ${`${userId}@example.com`}, true, now(), now())`,
  );
  await db.execute(
    sql`insert into offerings (user_id, title, category, subcategory, description, price_cents, custom_url, is_active)
        values (${userId}, 'Lawn Care', 'home-property', 'Lawn Care', 'Bench', ${PRICE_CENTS}, ${`bench-${userId}`}, true)`,
  );
  await db.execute(
    sql`with o as (select id from offerings where user_id = ${userId}),
             s as (
               insert into subscribers (offering_id, name, email, payment_status, price_cents, stripe_customer_id, stripe_subscription_id)
               select o.id, 'Subscriber ' || n, 's' || n || '@example.com', 'active', ${PRICE_CENTS}, 'cus_' || n, sub
               from o, jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) with ordinality as t(sub, n)
               returning id, offering_id, stripe_subscription_id, stripe_customer_id)
        insert into payment_subscriptions (offering_id, subscriber_id, stripe_subscription_id, stripe_customer_id, status)
        select offering_id, id, stripe_subscription_id, stripe_customer_id, 'trialing' from s`,
  );
}

/**
 * Benchmark 10 (issue 23): a creator with `count` live subscriptions moves to Premium; every
 * subscription's fee is re-priced through the job queue (read, then update when it differs).
 * Reference, in the same run: the bare `subscriptions.update` call rate, one at a time and as
 * many at once as the jobs run (4), on 1,000 of the same subscriptions.
 */
export async function benchFeeRepricing(options: { emulatorPort: number; count: number }) {
  const database = await createScratchDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), "regulars-bench-fees-"));
  const emulator = await startEmulatorProcess(options.emulatorPort);
  let runtime: Awaited<ReturnType<typeof startRuntime>> | null = null;
  let sink: Server | null = null;
  try {
    const config = parseConfig({
      LOG_LEVEL: "warn",
      PUBLIC_URL: "http://127.0.0.1:3999",
      BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-1",
      STRIPE_EMULATOR_URL: emulator.url,
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
    });
    // The emulator's webhooks go to a sink that answers at once: nothing here syncs them, and
    // deliveries that failed would be retried, loading the emulator the figures measure.
    sink = createServer((_request, response) => response.writeHead(200).end("{}"));
    await new Promise<void>((resolve) => sink!.listen(0, "127.0.0.1", resolve));
    const sinkPort = (sink.address() as AddressInfo).port;
    runtime = await startRuntime(config, {
      logger: createLogger("warn"),
      webhookUrl: `http://127.0.0.1:${sinkPort}/hook`,
    });
    const { db, stripe, clock } = runtime.deps;
    const ids = await makeSubscriptions(stripe, options.count);
    const userId = "bench-fee-creator";
    await recordSubscriptions(db, userId, ids);

    const sample = ids.slice(0, 1000);
    const bare = async (lanes: number, percent: number) => {
      const started = performance.now();
      await inLanes(sample, lanes, async (id) => {
        await stripe.subscriptions.update(id, { application_fee_percent: percent });
      });
      return sample.length / ((performance.now() - started) / 1000);
    };
    const bareOne = await bare(1, 14.5);
    const bareFour = await bare(4, 15);

    const started = performance.now();
    await writePlanPeriod(db, {
      userId,
      plan: "premium",
      effectiveAt: await clock.now(),
      stripeSubscriptionId: "sub_bench_plan",
    });
    const { jobs } = await queueDueRepricing(runtime.deps);
    const queuedSeconds = (performance.now() - started) / 1000;
    for (;;) {
      const { rows } = await runtime.database.jobDb.executeSql(
        "select count(*) filter (where state in ('created', 'retry', 'active'))::int as left from pgboss.job where name = $1",
        [queues.feeRepricing],
      );
      if ((rows[0] as { left: number }).left === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const seconds = (performance.now() - started) / 1000;
    const rate = jobs / seconds;

    // Exact: every subscription at Premium's percentage, read back from Stripe.
    const target = subscriptionFeePercent("premium", PRICE_CENTS);
    let atTarget = 0;
    for await (const subscription of stripe.subscriptions.list({ limit: 100 })) {
      if (subscription.application_fee_percent === target) atTarget += 1;
    }
    const benchmark = "10. fee re-pricing";
    record({
      benchmark,
      metric: `subscriptions re-priced (of ${ids.length})`,
      value: atTarget,
      unit: "",
      target: `${ids.length}`,
      meetsTarget: atTarget === ids.length,
    });
    record({ benchmark, metric: "jobs queued", value: jobs, unit: "" });
    record({ benchmark, metric: "time to queue them", value: round(queuedSeconds, 2), unit: "s" });
    record({ benchmark, metric: "time to re-price all", value: round(seconds, 1), unit: "s" });
    record({ benchmark, metric: "re-priced/s", value: round(rate, 1), unit: "/s" });
    record({
      benchmark,
      metric: "bare update calls/s, 1 at a time",
      value: round(bareOne, 1),
      unit: "/s",
    });
    record({
      benchmark,
      metric: "bare update calls/s, 4 at a time",
      value: round(bareFour, 1),
      unit: "/s",
    });
    record({
      benchmark,
      metric: "re-pricing rate ÷ bare update rate at 4 at a time",
      value: round(rate / bareFour, 2),
      unit: "×",
      reference: round(bareFour, 1),
      // A job makes three calls to the bare update's one (the emulator's clock, the read, the
      // update; with real Stripe the clock is the wall's): a third is the ceiling.
      target: "≥ 0.2",
      meetsTarget: rate / bareFour >= 0.2,
    });
  } finally {
    await runtime?.close();
    await new Promise((resolve) => (sink ? sink.close(resolve) : resolve(undefined)));
    await emulator.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
