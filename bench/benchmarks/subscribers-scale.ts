import pg from "pg";
import { type BenchClient, timeCall } from "../lib/api";
import { median, record, round } from "../lib/results";
import type { ServerProcess } from "../lib/server-process";

// Benchmark 3b: the Subscribers tab (issue 13) on the data benchmark 3 seeded (200 offerings,
// 100,000 subscribers, 1,000,000 payments, one creator), on PostgreSQL, through HTTP.

const BENCHMARK = "3b. subscribers tab at scale";
const PAYMENTS_OF_ONE = 24;

/** A subscriber called Margaret Jones with 24 monthly payments and a few e-mails. */
async function seedMrsJones(databaseUrl: string, userId: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; offering_id: string }>(
      `insert into subscribers (offering_id, name, email, payment_status, price_cents, stripe_customer_id, stripe_subscription_id, created_at)
       select id, 'Margaret Jones', 'mrs.jones@lawn-lovers.example', 'active', 2500, 'cus_jones', 'sub_jones', now() - interval '2 years'
       from offerings where user_id = $1 order by created_at limit 1
       returning id, offering_id`,
      [userId],
    );
    const jones = rows[0]!;
    await client.query(
      `insert into creator_earnings (user_id, offering_id, subscriber_id, gross_amount_cents, platform_fee_percent,
                                     platform_fee_cents, net_amount_cents, stripe_invoice_id, payment_date)
       select $1, $2, $3, 2500, 15, 375, 2125, 'in_jones_' || g, now() - (g || ' months')::interval
       from generate_series(1, ${PAYMENTS_OF_ONE}) g`,
      [userId, jones.offering_id, jones.id],
    );
    await client.query(
      `insert into email_outbox (kind, user_id, subscriber_id, "to", subject, text, html, status, created_at)
       select 'payment_receipt', $1, $2, 'mrs.jones@lawn-lovers.example', 'Receipt ' || g, 'body', '<p>body</p>', 'sent',
              now() - (g || ' months')::interval
       from generate_series(1, ${PAYMENTS_OF_ONE}) g`,
      [userId, jones.id],
    );
    await client.query("analyze subscribers; analyze creator_earnings; analyze email_outbox");
    return jones.id;
  } finally {
    await client.end();
  }
}

/** The reference: every subscriber of the creator to the client, searched there. */
async function searchOnTheClient(databaseUrl: string, userId: string, text: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const times: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const started = performance.now();
      const { rows } = await client.query(
        `select s.*, o.title from subscribers s join offerings o on o.id = s.offering_id
         where o.user_id = $1 order by s.created_at desc`,
        [userId],
      );
      const shipped = JSON.parse(JSON.stringify(rows)) as { name: string; email: string }[];
      const needle = text.toLowerCase();
      const found = shipped.filter(
        (s) => s.name.toLowerCase().includes(needle) || s.email.toLowerCase().includes(needle),
      );
      if (found.length < 0) throw new Error("unreachable");
      times.push(performance.now() - started);
    }
    return median(times);
  } finally {
    await client.end();
  }
}

/**
 * Downloads an export, reading the stream as a browser would, while sampling the server's RSS
 * every 20 ms: rows per second, and how far RSS rose above where it stood before.
 */
async function timeExport(server: ServerProcess, client: BenchClient, path: string) {
  await new Promise((resolve) => setTimeout(resolve, 500));
  const before = server.rssMb();
  server.resetPeak();
  let highest = before;
  const sampler = setInterval(() => {
    highest = Math.max(highest, server.rssMb());
  }, 20);
  const started = performance.now();
  const response = await fetch(`${client.baseUrl}${path}`, {
    headers: { Cookie: client.cookie, "X-Forwarded-For": client.forwardedFor },
  });
  if (!response.ok || !response.body) throw new Error(`${path}: ${response.status}`);
  let bytes = 0;
  let newlines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) newlines += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  highest = Math.max(highest, server.peakRssMb());
  const rows = newlines - 1;
  return { rows, seconds, bytes, rssGrowthMb: highest - before, rssBeforeMb: before };
}

export async function benchSubscribersScale(
  server: ServerProcess,
  client: BenchClient,
  databaseUrl: string,
  userId: string,
) {
  const jonesId = await seedMrsJones(databaseUrl, userId);
  const { offerings } = await client.call<{ offerings: { id: string }[] }>("GET", "/api/offerings");
  const offeringId = offerings[0]!.id;
  const second = await client.call<{ nextCursor: string }>("GET", "/api/subscribers");
  const third = await client.call<{ nextCursor: string }>(
    "GET",
    `/api/subscribers?cursor=${second.nextCursor}`,
  );

  const pages: Array<[string, string]> = [
    ["first page, newest first", "/api/subscribers"],
    ["third page (keyset cursor)", `/api/subscribers?cursor=${third.nextCursor}`],
    ["first page by name", "/api/subscribers?sort=name"],
    ["status past due (2%)", "/api/subscribers?status=past_due"],
    ["status cancelled, by name", "/api/subscribers?status=cancelled&sort=name"],
    ["one offering", `/api/subscribers?offering=${offeringId}`],
    ["one offering, by name", `/api/subscribers?offering=${offeringId}&sort=name`],
    ["search part of an e-mail (s4242)", "/api/subscribers?q=s4242"],
    ["search part of a name (jones)", "/api/subscribers?q=jones"],
    ["search matching everyone (example)", "/api/subscribers?q=example"],
    ["search, 2 letters (s7)", "/api/subscribers?q=s7"],
    ["search + status + name sort", "/api/subscribers?q=s12&status=active&sort=name"],
    ["search matching nobody", "/api/subscribers?q=zzqqxx"],
  ];
  let slowest = 0;
  for (const [name, path] of pages) {
    const ms = await timeCall(client, path);
    slowest = Math.max(slowest, ms);
    record({
      benchmark: BENCHMARK,
      metric: `list: ${name} (median of 5)`,
      value: round(ms, 1),
      unit: "ms",
      target: "≤ 100",
      meetsTarget: ms <= 100,
    });
  }
  const clientSide = await searchOnTheClient(databaseUrl, userId, "jones");
  const oursSearch = await timeCall(client, "/api/subscribers?q=jones");
  record({
    benchmark: BENCHMARK,
    metric: "all subscribers to the client, searched there ÷ ours (search jones)",
    value: round(clientSide / oursSearch, 1),
    unit: "ratio",
    reference: round(clientSide, 1),
  });

  const detailMs = await timeCall(client, `/api/subscribers/${jonesId}`);
  const paymentsMs = await timeCall(client, `/api/subscribers/${jonesId}/payments`);
  const both: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const started = performance.now();
    await Promise.all([
      client.call("GET", `/api/subscribers/${jonesId}`),
      client.call("GET", `/api/subscribers/${jonesId}/payments`),
    ]);
    both.push(performance.now() - started);
  }
  const detailPageMs = median(both);
  for (const [metric, ms] of [
    ["detail API (median of 5)", detailMs],
    [`payments API, ${PAYMENTS_OF_ONE} payments (median of 5)`, paymentsMs],
    ["detail + payments, as the drawer loads them (median of 5)", detailPageMs],
  ] as const) {
    record({
      benchmark: BENCHMARK,
      metric,
      value: round(ms, 1),
      unit: "ms",
      target: "≤ 50",
      meetsTarget: ms <= 50,
    });
  }

  const filtered = await timeExport(server, client, "/api/subscribers/export/payments.csv?q=jones");
  record({
    benchmark: BENCHMARK,
    metric: `export payments CSV of one search (jones): ${filtered.rows} rows, whole download`,
    value: round(filtered.seconds * 1000, 1),
    unit: "ms",
  });
  for (const [name, path] of [
    ["subscribers", "/api/subscribers/export/subscribers.csv"],
    ["payments", "/api/subscribers/export/payments.csv"],
  ] as const) {
    const result = await timeExport(server, client, path);
    record({
      benchmark: BENCHMARK,
      metric: `export ${name} CSV: ${result.rows.toLocaleString("en-US")} rows, ${round(result.bytes / 1e6, 1)} MB in ${round(result.seconds, 1)} s`,
      value: round(result.rows / result.seconds, 0),
      unit: "rows/s",
    });
    record({
      benchmark: BENCHMARK,
      metric: `export ${name} CSV: server RSS growth (from ${round(result.rssBeforeMb, 0)} MB)`,
      value: round(result.rssGrowthMb, 1),
      unit: "MB",
      target: "≤ 50",
      meetsTarget: result.rssGrowthMb <= 50,
    });
  }
}
