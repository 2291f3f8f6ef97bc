import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import { createEmulatorApp } from "./app";
import { runDueWork } from "./billing/clock";
import type { Emulator } from "./core/context";
import { newId } from "./core/state";
import { Store } from "./core/store/store";
import { WebhookDispatcher } from "./webhooks/dispatcher";

export interface EmulatorWebhookEndpoint {
  url: string;
  secret: string;
  connect: boolean;
}

export interface EmulatorOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /**
   * The log that keeps the state across restarts (JSON lines, written incrementally; see the
   * README's "State"); in memory only when absent.
   */
  stateFile?: string;
  webhookEndpoints?: EmulatorWebhookEndpoint[];
  logger?: { info(message: string): void; warn(message: string): void };
}

export interface RunningEmulator {
  url: string;
  port: number;
  secretKey: string;
  publishableKey: string;
  /** The state store, for tests that compare what is in memory with what a restart reads. */
  store: Store;
  stop(): Promise<void>;
}

/**
 * Endpoints given at start replace those given to an earlier run (the app's URL or secret may
 * have changed); an endpoint at the same URL keeps its id, and events still owed to a dropped
 * one go to its replacement. Endpoints created through the API stay.
 */
function configureEndpoints(em: Emulator, wanted: EmulatorWebhookEndpoint[]) {
  const state = em.store.state;
  const previous = state.webhookEndpoints.filter((e) => e.fromOptions);
  const kept = state.webhookEndpoints.filter((e) => !e.fromOptions);
  const configured = wanted.map((w) => {
    const same = previous.find((e) => e.url === w.url && e.connect === w.connect);
    return {
      id: same?.id ?? newId("we"),
      url: w.url,
      secret: w.secret,
      connect: w.connect,
      enabledEvents: ["*"],
      created: same?.created ?? em.store.now(),
      fromOptions: true,
    };
  });
  for (const dropped of previous.filter((p) => !configured.some((c) => c.id === p.id))) {
    const replacement = configured.find((c) => c.connect === dropped.connect);
    if (replacement) em.webhooks.reassign([dropped.id], replacement);
  }
  state.webhookEndpoints = [...kept, ...configured];
  em.store.save();
}

/** Starts the emulator: Stripe's REST API subset, hosted pages, Stripe.js and controls. */
export async function startStripeEmulator(options: EmulatorOptions): Promise<RunningEmulator> {
  const host = options.host ?? "127.0.0.1";
  const logger = options.logger ?? { info: () => {}, warn: () => {} };
  const store = new Store(options.stateFile, { warn: (message) => logger.warn(message) });
  const emulator: Emulator = {
    store,
    webhooks: new WebhookDispatcher(
      store,
      (message) => logger.warn(message),
      () => emulator.currentRequest,
    ),
    baseUrl: "",
    logger,
    currentRequest: null,
    faults: null,
  };
  if (options.webhookEndpoints) configureEndpoints(emulator, options.webhookEndpoints);
  // HTTP/1 only (no http2 options given), so the adaptor's server is node:http's.
  const http = createAdaptorServer({ fetch: createEmulatorApp(emulator).fetch }) as Server;
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
    store,
    async stop() {
      await emulator.webhooks.stop();
      store.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
