import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { runDueWork } from "./core/clock";
import type { Emulator } from "./core/context";
import { newId, Store } from "./core/state";
import { WebhookDispatcher } from "./core/webhooks";
import { EmulatorServer } from "./server";

export interface EmulatorWebhookEndpoint {
  url: string;
  secret: string;
  connect: boolean;
}

export interface EmulatorOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /** JSON file that keeps the state across restarts; in memory only when absent. */
  stateFile?: string;
  webhookEndpoints?: EmulatorWebhookEndpoint[];
  logger?: { info(message: string): void; warn(message: string): void };
}

export interface RunningEmulator {
  url: string;
  port: number;
  secretKey: string;
  publishableKey: string;
  stop(): Promise<void>;
}

/** Starts the emulator: Stripe's REST API subset, hosted pages, Stripe.js and controls. */
export async function startStripeEmulator(options: EmulatorOptions): Promise<RunningEmulator> {
  const host = options.host ?? "127.0.0.1";
  const logger = options.logger ?? { info: () => {}, warn: () => {} };
  const store = new Store(options.stateFile);
  const emulator: Emulator = {
    store,
    webhooks: new WebhookDispatcher(store, (message) => logger.warn(message)),
    baseUrl: "",
  };
  // Endpoints given at start replace those of an earlier run (the app's URL may have moved).
  if (options.webhookEndpoints) {
    store.state.webhookEndpoints = options.webhookEndpoints.map((e) => ({
      id: newId("we"),
      url: e.url,
      secret: e.secret,
      connect: e.connect,
      enabledEvents: ["*"],
    }));
  }
  const server = new EmulatorServer(emulator);
  const http = createServer((req, res) => {
    void server.handle(req, res);
  });
  http.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(options.port, host, () => resolve());
  });
  const port = (http.address() as AddressInfo).port;
  emulator.baseUrl = `http://${host}:${port}`;
  // Catch up on what fell due while the emulator was stopped.
  runDueWork(emulator);
  logger.info(`Stripe emulator listening on ${emulator.baseUrl}`);
  return {
    url: emulator.baseUrl,
    port,
    secretKey: "sk_test_emulator",
    publishableKey: "pk_test_emulator",
    async stop() {
      emulator.webhooks.stop();
      store.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
