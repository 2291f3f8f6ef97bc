import pg from "pg";
import { subscribeOnce } from "../lib/api";
import { record, round } from "../lib/results";
import type { EmulatorProcess, ServerProcess } from "../lib/server-process";

/** Benchmark 4: 200 subscribes, 20 at a time, through the real card path and the emulator. */
export async function benchSubscribeThroughput(
  server: ServerProcess,
  emulator: EmulatorProcess,
  origin: string,
  databaseUrl: string,
  offering: { id: string; customUrl: string },
  total = 200,
  parallel = 20,
) {
  server.resetPeak();
  emulator.resetPeak();
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < total) {
        next += 1;
        const t = performance.now();
        try {
          await subscribeOnce(server.baseUrl, origin, server.emulatorUrl, offering.customUrl);
          latencies.push(performance.now() - t);
        } catch {
          failures += 1;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p95 = latencies[Math.floor(latencies.length * 0.95)] ?? 0;

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query(
    `select count(distinct s.id)::int as subscribers, count(distinct s.stripe_subscription_id)::int as subscriptions,
            count(distinct s.stripe_customer_id)::int as customers, count(e.id)::int as earnings
     from subscribers s left join creator_earnings e on e.subscriber_id = s.id where s.offering_id = $1`,
    [offering.id],
  );
  await client.end();
  const counts = rows[0] as {
    subscribers: number;
    subscriptions: number;
    customers: number;
    earnings: number;
  };
  const exact = Object.values(counts).every((n) => n === total - failures) && failures === 0;

  record({
    benchmark: "4. subscribe throughput",
    metric: "subscribes/s",
    value: round(latencies.length / seconds),
    unit: "req/s",
  });
  record({
    benchmark: "4. subscribe throughput",
    metric: "p95 per subscribe",
    value: round(p95, 1),
    unit: "ms",
  });
  record({
    benchmark: "4. subscribe throughput",
    metric: "one customer/subscription/subscriber/earning each",
    value: exact ? 1 : 0,
    unit: "bool",
    target: "1",
    meetsTarget: exact,
    reference: failures,
  });
  record({
    benchmark: "4. subscribe throughput",
    metric: "server peak RSS",
    value: round(server.peakRssMb(), 1),
    unit: "MB",
  });
  record({
    benchmark: "4. subscribe throughput",
    metric: "emulator RSS after the run",
    value: round(emulator.rssMb(), 1),
    unit: "MB",
    reference: round(emulator.peakRssMb(), 1),
    target: "≤ 250",
    meetsTarget: emulator.rssMb() <= 250,
  });
}
