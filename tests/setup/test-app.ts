import type { AddressInfo } from "node:net";
import path from "node:path";
import { serve } from "@hono/node-server";
import type { RunningEmulator } from "@regulars/stripe-emulator";
import { parseConfig } from "../../server/config/env";
import { createLogger } from "../../server/lib/logger";
import { type Runtime, type RuntimeOptions, startRuntime } from "../../server/runtime";
import { createTestDatabase, type TestDatabase } from "./test-database";

export const TEST_ORIGIN = "http://localhost:3000";

/**
 * What the factories need: HTTP to the app and the Stripe emulator it talks to. A TestApp is one;
 * so is the server running as its own process (tests/support/server-process.ts).
 */
export interface AppClient {
  runtime: { emulator: Pick<RunningEmulator, "url" | "publishableKey"> | null };
  baseUrl: string;
  /** A real HTTP request to the running app. */
  request(path: string, init?: RequestInit & { ip?: string }): Promise<Response>;
  /** Waits until the emulator has delivered every webhook it has queued. */
  flushWebhooks(): Promise<void>;
}

export interface TestApp extends AppClient {
  runtime: Runtime;
  /**
   * Another instance of the app on the same database and Stripe emulator, as production runs
   * several behind a load balancer. PostgreSQL only: an in-memory PGlite is one process's own.
   */
  startAnotherInstance(): Promise<TestApp>;
  close(): Promise<void>;
}

let ipCounter = 0;

/** The app with the web shell's pages too, read from the source tree's web/ (no build needed). */
export function createTestAppWithPages(env: Record<string, string> = {}) {
  return createTestApp(env, { webDistDir: path.resolve("web") });
}

/** The real app on a real port, with its own database and a fresh Stripe emulator. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<
    RuntimeOptions,
    "webDistDir" | "renderLanding" | "renderSelfService" | "webhookUrl" | "logger" | "runsJobs"
  > = {},
  shared?: { database: TestDatabase; emulatorUrl: string },
): Promise<TestApp> {
  const testDatabase = shared?.database ?? (await createTestDatabase());
  let fetchHandler: ((request: Request) => Response | Promise<Response>) | null = null;
  const server = serve({
    fetch: (request) =>
      fetchHandler ? fetchHandler(request) : new Response("starting", { status: 503 }),
    port: 0,
    hostname: "127.0.0.1",
  });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const port = (server.address() as AddressInfo).port;
  const baseUrl = `http://127.0.0.1:${port}`;

  const config = parseConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    PUBLIC_URL: TEST_ORIGIN,
    BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    STRIPE_EMULATOR_PORT: "0",
    TRUST_PROXY: "true",
    DATA_DIR: "/tmp/regulars-test-data",
    // Jobs in a test's time: mail goes out within half a second, retries after a second.
    JOB_POLL_SECONDS: "0.5",
    JOB_MAINTENANCE_SECONDS: "1",
    EMAIL_RETRY_DELAY_SECONDS: "1",
    ...(shared ? { STRIPE_EMULATOR_URL: shared.emulatorUrl } : {}),
    ...env,
  });
  const runtime = await startRuntime(config, {
    database: testDatabase.target,
    logger: createLogger("silent"),
    webhookUrl: `${baseUrl}/api/webhooks/stripe`,
    emulatorStateFile: null,
    ...options,
  });
  fetchHandler = runtime.app.fetch;
  // Each test app gets its own client address so auth rate limits don't leak between files.
  ipCounter += 1;
  const defaultIp = `10.${process.pid % 250}.${ipCounter % 250}.1`;

  return {
    runtime,
    baseUrl,
    request(path, init = {}) {
      const { ip, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (!headers.has("x-forwarded-for")) headers.set("x-forwarded-for", ip ?? defaultIp);
      return fetch(`${baseUrl}${path}`, { ...rest, headers });
    },
    async flushWebhooks() {
      const emulatorUrl = runtime.emulator?.url ?? shared?.emulatorUrl;
      if (!emulatorUrl) return;
      await fetch(`${emulatorUrl}/_emulator/webhooks/flush`, { method: "POST" });
    },
    async startAnotherInstance() {
      if (!("url" in testDatabase.target) || !runtime.emulator) {
        throw new Error("Another instance needs the PostgreSQL server (TEST_DATABASE_URL)");
      }
      const database = { target: testDatabase.target, drop: async () => {} };
      const another = await createTestApp(env, options, {
        database,
        emulatorUrl: runtime.emulator.url,
      });
      // Its runtime reaches the emulator by URL; the factories drive the emulator through this one.
      const emulator = runtime.emulator;
      return { ...another, runtime: Object.assign(Object.create(another.runtime), { emulator }) };
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await runtime.close();
      await testDatabase.drop();
    },
  };
}

export function jsonRequest(method: string, body: unknown, headers: Record<string, string> = {}) {
  return {
    method,
    headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN, ...headers },
    body: JSON.stringify(body),
  } satisfies RequestInit;
}
