import { randomUUID } from "node:crypto";
import { type RunningEmulator, startStripeEmulator } from "@regulars/stripe-emulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { type Database, openDatabase } from "../../server/db/client";
import { subscribers } from "../../server/db/schema/app";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { readJson } from "../support/read-json";
import { freePort, type ServerProcess, startServerProcess } from "../support/server-process";
import { subscribeOverHttp } from "../support/subscribe-over-http";
import { findOrphans } from "./row-invariants";

/** The emulator's subscription list, as much of it as the check reads. */
const stripeSubscriptionListSchema = z.object({
  data: z.array(z.object({ id: z.string(), metadata: z.record(z.string(), z.string()) })),
});

// Needs several processes sharing one database: only meaningful on the PostgreSQL server.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres)
  process.stdout.write(
    "Crash and two-instance tests skipped: set TEST_DATABASE_URL (PostgreSQL) to run them.\n",
  );

const TOTAL = 300;
const PARALLEL = 10;
const KILL_AFTER = 80;

let testDatabase: TestDatabase;
let database: Database;
let emulator: RunningEmulator;

beforeAll(async () => {
  if (!onPostgres) return;
  testDatabase = await createTestDatabase();
  // Migrate once here, so both servers start on a ready schema.
  database = await openDatabase(testDatabase.target);
  emulator = await startStripeEmulator({ port: 0 });
}, 60_000);
afterAll(async () => {
  if (!onPostgres) return;
  await emulator?.stop();
  await database?.close();
  await testDatabase?.drop();
});

function serverEnv(port: number) {
  if (!("url" in testDatabase.target)) throw new Error("needs PostgreSQL");
  return {
    DATABASE_URL: testDatabase.target.url,
    STRIPE_EMULATOR_URL: emulator.url,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    BETTER_AUTH_SECRET: "crash-test-secret-crash-test-secret-0000",
    TRUST_PROXY: "true",
    DATA_DIR: `/tmp/regulars-crash-${port}`,
  };
}

/** Behind a load balancer every instance has the same public origin; browsers send that. */
let publicOrigin = "";

async function call(
  baseUrl: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: publicOrigin, ...headers },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json().catch(() => ({}))) as Record<string, unknown>,
    cookie: response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; "),
  };
}

async function sellingOffering(baseUrl: string) {
  const credentials = {
    email: `crash-${randomUUID().slice(0, 8)}@example.com`,
    password: "crash-pass",
  };
  // Sign-up starts no session (ADR 013); sign-in does.
  await call(baseUrl, "/api/auth/sign-up/email", { ...credentials, name: "" });
  const signIn = await call(baseUrl, "/api/auth/sign-in/email", credentials);
  const cookie = { Cookie: signIn.cookie };
  const created = await call(baseUrl, "/api/connect/account", {}, cookie);
  await fetch(
    `${emulator.url}/_emulator/accounts/${(created.body.account as { stripeAccountId: string }).stripeAccountId}/complete_onboarding`,
    { method: "POST" },
  );
  await call(baseUrl, "/api/connect/account/refresh", {}, cookie);
  const offering = await call(
    baseUrl,
    "/api/offerings",
    {
      title: "Crash Plan",
      category: "pet-care",
      subcategory: "Dog Walking",
      description: "d",
      priceCents: 1200,
    },
    cookie,
  );
  return { offering: offering.body.offering as { id: string; customUrl: string }, cookie };
}

/** A subscriber id, or null when the server (being killed) refused or dropped a step. */
async function subscribeOnce(baseUrl: string, customUrl: string, index: number) {
  try {
    const { subscriberId } = await subscribeOverHttp({
      baseUrl,
      origin: publicOrigin,
      emulatorUrl: emulator.url,
      customUrl,
      name: `Crash ${index}`,
      email: `c${index}@example.com`,
      forwardedFor: `198.18.${index % 250}.${Math.floor(index / 250) + 1}`,
    });
    return subscriberId;
  } catch {
    return null;
  }
}

describe.skipIf(!onPostgres)("a server killed mid-traffic", () => {
  it("keeps every acknowledged subscribe and reconciles what was charged but not recorded", async () => {
    const port = await freePort();
    publicOrigin = `http://127.0.0.1:${port}`;
    let server: ServerProcess = await startServerProcess(serverEnv(port), port);
    const { offering } = await sellingOffering(server.baseUrl);

    const acknowledged: string[] = [];
    let next = 0;
    let completed = 0;
    let killed = false;
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        while (next < TOTAL && !killed) {
          const index = next++;
          try {
            const id = await subscribeOnce(server.baseUrl, offering.customUrl, index);
            if (id) acknowledged.push(id);
          } catch {
            // The connection died with the server: this one was never acknowledged.
          }
          completed += 1;
          if (completed === KILL_AFTER && !killed) {
            killed = true;
            await server.kill("SIGKILL");
          }
        }
      }),
    );
    expect(killed).toBe(true);
    expect(acknowledged.length).toBeGreaterThan(KILL_AFTER / 2);

    server = await startServerProcess(serverEnv(port), port);
    try {
      // Stripe retries what it could not deliver while we were down.
      await fetch(`${emulator.url}/_emulator/webhooks/flush`, { method: "POST" });
      const rows = await database.db.select().from(subscribers);
      const recorded = new Set(rows.map((r) => r.id));
      expect(acknowledged.filter((id) => !recorded.has(id))).toEqual([]);

      const stripeSubs = await fetch(`${emulator.url}/v1/subscriptions?status=active&limit=100`, {
        headers: { Authorization: "Bearer sk_test_emulator" },
      });
      const active = (await readJson(stripeSubs, stripeSubscriptionListSchema)).data;
      const byStripeId = new Set(rows.map((r) => r.stripeSubscriptionId));
      const unrecorded = active.filter(
        (s) => s.metadata.regulars_offering_id === offering.id && !byStripeId.has(s.id),
      );
      expect(unrecorded.map((s) => s.id)).toEqual([]);
      expect(await findOrphans(database.db)).toEqual({
        subscribersWithoutPayment: 0,
        subscribersWithoutEarnings: 0,
      });
    } finally {
      await server.kill();
    }
  }, 240_000);

  it("two instances share one database: sessions and webhooks work across both, handled once", async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    publicOrigin = `http://127.0.0.1:${portA}`;
    const a = await startServerProcess(serverEnv(portA), portA);
    const b = await startServerProcess(
      { ...serverEnv(portB), PUBLIC_URL: `http://127.0.0.1:${portA}` },
      portB,
    );
    try {
      const { offering, cookie } = await sellingOffering(a.baseUrl);
      // A session made on A is good on B.
      const me = await fetch(`${b.baseUrl}/api/me`, { headers: cookie });
      expect(me.status).toBe(200);
      const ids = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          subscribeOnce(i % 2 ? a.baseUrl : b.baseUrl, offering.customUrl, 1000 + i),
        ),
      );
      expect(ids.every(Boolean)).toBe(true);
      await fetch(`${emulator.url}/_emulator/webhooks/flush`, { method: "POST" });
      const { webhookEvents } = await import("../../server/db/schema/app");
      const events = await database.db.select().from(webhookEvents);
      expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
      expect(await findOrphans(database.db)).toEqual({
        subscribersWithoutPayment: 0,
        subscribersWithoutEarnings: 0,
      });
    } finally {
      await Promise.all([a.kill(), b.kill()]);
    }
  }, 120_000);
});
