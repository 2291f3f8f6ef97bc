import { randomUUID } from "node:crypto";
import { type RunningEmulator, startStripeEmulator } from "@regulars/stripe-emulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { freePort, startServerProcess } from "../support/server-process";

// The server as its own process on the PostgreSQL server (PGlite holds a directory lock that
// the test would have to share), stopped with SIGTERM while requests are in flight.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let testDatabase: TestDatabase;
let emulator: RunningEmulator;

beforeAll(async () => {
  if (!onPostgres) return;
  testDatabase = await createTestDatabase();
  emulator = await startStripeEmulator({ port: 0 });
});
afterAll(async () => {
  await emulator?.stop();
  await testDatabase?.drop();
});

describe.skipIf(!onPostgres)("SIGTERM under load", () => {
  it("finishes every request in flight, then exits cleanly", async () => {
    if (!("url" in testDatabase.target)) throw new Error("needs PostgreSQL");
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const server = await startServerProcess(
      {
        DATABASE_URL: testDatabase.target.url,
        STRIPE_EMULATOR_URL: emulator.url,
        PUBLIC_URL: origin,
        BETTER_AUTH_SECRET: "shutdown-test-secret-shutdown-test-0000",
        DATA_DIR: `/tmp/regulars-shutdown-${port}`,
        // Long beside any one answer on a busy machine: an ask sent just before the listener closes is
        // reset, not drained (CI saw a 200 take most of a 4 s window while 30 sign-ups hashed).
        SHUTDOWN_DRAIN_MS: "8000",
      },
      port,
    );
    const exited = new Promise<number | null>((resolve) =>
      server.child.once("exit", (code) => resolve(code)),
    );
    // Sign-ups hash a password each: slow enough that many are still running at the signal.
    const inFlight = Array.from({ length: 30 }, () =>
      fetch(`${origin}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: origin, Connection: "close" },
        body: JSON.stringify({
          email: `drain-${randomUUID().slice(0, 8)}@example.com`,
          password: "drain-password",
          name: "Drain",
        }),
      }).then(
        (response) => response.status,
        // A connection refused was never accepted: on a busy machine some requests only try to
        // connect after the listener closed, as a load balancer would no longer send them.
        // Anything else (a reset, a socket closed mid-answer) is a request lost in flight.
        (error: Error & { cause?: { code?: string } }) =>
          error.cause?.code === "ECONNREFUSED"
            ? "refused"
            : `lost: ${error.cause?.code ?? error.message}`,
      ),
    );
    await new Promise((r) => setTimeout(r, 150));
    server.child.kill("SIGTERM");
    // Draining: still answering, but no longer ready, and asking clients not to come back. On a
    // busy machine the signal is handled a little later, so ask until it is. Each ask on a new
    // connection: a kept-alive one from a 200 before the signal is one the drain closes as idle,
    // and reusing it just then is a reset of our own making, not a request lost.
    const askReady = () => fetch(`${origin}/api/ready`, { headers: { Connection: "close" } });
    let ready = await askReady();
    for (let i = 0; ready.status === 200 && i < 20; i++) {
      await new Promise((r) => setTimeout(r, 100));
      ready = await askReady();
    }
    expect(ready.status).toBe(503);
    expect(ready.headers.get("connection")).toBe("close");

    const statuses = await Promise.all(inFlight);
    expect(statuses.filter((s) => typeof s === "string" && s.startsWith("lost"))).toEqual([]);
    expect(statuses.every((s) => s === 200 || s === 429 || s === "refused")).toBe(true);
    // Most were accepted before the signal, and every one of those was answered.
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(10);
    expect(await exited).toBe(0);
    // Nothing listens any more.
    await expect(fetch(`${origin}/api/health`)).rejects.toThrow();
  }, 60_000);
});
