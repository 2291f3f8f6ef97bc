import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { earningsSchema } from "../../contracts/dashboard";
import { asCreator } from "../factories/creator-factory";
import { createOffering, createOnboardedCreator } from "../factories/offering-factory";
import { advanceEmulatorClock } from "../factories/stripe-browser";
import { subscribeWithCard } from "../factories/subscriber-factory";
import { type AppClient, TEST_ORIGIN } from "../setup/test-app";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { readJson } from "../support/read-json";
import {
  COMPILED_SERVER_ENTRY,
  freePort,
  type ServerProcess,
  startServerProcess,
} from "../support/server-process";

// The production start (docs/operations.md, "Build and start"): `node dist/server/main.js` from
// a built tree, no TypeScript loader. NODE_ENV=production refuses the emulator by design, so this
// runs the compiled server in development mode on its own emulator, on PGlite under a fresh
// DATA_DIR, or on a throwaway PostgreSQL database when TEST_DATABASE_URL is set.

let server: ServerProcess;
let client: AppClient;
let dataDir: string;
let testDatabase: TestDatabase;

beforeAll(async () => {
  // Builds only what is stale, as `npm start` does: a no-op after an up-to-date build.
  execFileSync(process.execPath, ["scripts/build.mjs", "--if-stale"], { stdio: "inherit" });
  dataDir = mkdtempSync(path.join(tmpdir(), "regulars-production-build-"));
  testDatabase = await createTestDatabase();
  const [port, emulatorPort] = [await freePort(), await freePort()];
  server = await startServerProcess(
    {
      NODE_ENV: "development",
      NODE_OPTIONS: "--max-old-space-size=256",
      PUBLIC_URL: TEST_ORIGIN,
      DATA_DIR: dataDir,
      STRIPE_EMULATOR_PORT: String(emulatorPort),
      BETTER_AUTH_SECRET: "production-build-secret-production-build-0",
      TRUST_PROXY: "true",
      ...("url" in testDatabase.target ? { DATABASE_URL: testDatabase.target.url } : {}),
    },
    port,
    "compiled",
  );
  const emulatorUrl = `http://127.0.0.1:${emulatorPort}`;
  client = {
    runtime: { emulator: { url: emulatorUrl, publishableKey: "pk_test_emulator" } },
    baseUrl: server.baseUrl,
    request(requestPath, init = {}) {
      const { ip, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (!headers.has("x-forwarded-for")) headers.set("x-forwarded-for", ip ?? "10.77.0.1");
      return fetch(`${server.baseUrl}${requestPath}`, { ...rest, headers });
    },
    async flushWebhooks() {
      await fetch(`${emulatorUrl}/_emulator/webhooks/flush`, { method: "POST" });
    },
  };
}, 180_000);

afterAll(async () => {
  await server?.kill("SIGTERM");
  await testDatabase?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function childPidsOf(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).flatMap((thread) =>
    readFileSync(`/proc/${pid}/task/${thread}/children`, "utf8")
      .split(" ")
      .filter(Boolean)
      .map(Number),
  );
}

describe("the production build", () => {
  it("runs as plain node on the compiled JavaScript, with no TypeScript loader", () => {
    const pid = server.child.pid!;
    const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
    expect(argv.slice(1)).toEqual([COMPILED_SERVER_ENTRY]);
    const nodeOptions =
      readFileSync(`/proc/${pid}/environ`, "utf8")
        .split("\0")
        .find((entry) => entry.startsWith("NODE_OPTIONS="))
        ?.slice("NODE_OPTIONS=".length) ?? "";
    expect(nodeOptions).toBe("--max-old-space-size=256");
    expect(`${argv.join(" ")} ${nodeOptions}`).not.toMatch(/tsx|--import|--loader|--require/);
    // The Stripe emulator, when the server runs it as a child process, runs compiled too.
    for (const childPid of childPidsOf(pid)) {
      const childArgv = readFileSync(`/proc/${childPid}/cmdline`, "utf8").split("\0");
      expect(childArgv.join(" ")).not.toMatch(/tsx|--import|--loader|\.ts\b/);
    }
  });

  it("serves the Stripe.js stand-in the build bundled", async () => {
    const response = await fetch(`${client.runtime.emulator!.url}/v3/stripe.js`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(
      readFileSync("dist/server/stripe-js-bundle.js", "utf8"),
    );
  });

  it("signs up, onboards, sells, subscribes and records a renewal from Stripe's webhook", async () => {
    const creator = await createOnboardedCreator(client);
    const offering = await createOffering(client, creator, { title: "Compiled Lawn Care" });

    // The landing page is drawn on the server by the built renderer (dist/ssr).
    const landing = await client.request(`/landing/${offering.customUrl}`);
    expect(landing.status).toBe(200);
    const body = (await landing.text()).split('<div id="root">')[1] ?? "";
    expect(body).toContain("Compiled Lawn Care");

    await subscribeWithCard(client, offering, { name: "Pat Production" });
    const readEarnings = async () => {
      const response = await client.request("/api/dashboard/earnings", asCreator(creator));
      expect(response.status).toBe(200);
      return readJson(response, earningsSchema);
    };
    expect((await readEarnings()).totalPayments).toBe(1);

    // A month later the renewal is paid; only the invoice.paid webhook tells the app.
    await advanceEmulatorClock(client, 31);
    await client.flushWebhooks();
    expect((await readEarnings()).totalPayments).toBe(2);
  }, 60_000);

  it("stops cleanly on SIGTERM", async () => {
    const exited = new Promise<number | null>((resolve) => server.child.once("exit", resolve));
    server.child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});
