import path from "node:path";
import type { PublicConfig } from "../contracts/public-config";
import type { RunningEmulator } from "../stripe-emulator/src/start";
import { type AppDeps, createApp } from "./app";
import { createAuth } from "./auth/auth";
import { loadOrCreateDevSecret } from "./config/dev-secret";
import type { Config } from "./config/env";
import { type Database, type DatabaseTarget, openDatabase } from "./db/client";
import { createMailer } from "./integrations/email/mailer";
import { createStripeClient } from "./integrations/stripe/stripe-client";
import { createLogger, type Logger } from "./lib/logger";
import type { LandingRenderer } from "./modules/web-shell/landing-renderer";

/** Fixed in emulator mode: both ends are local and the emulator is only for offline use. */
export const EMULATOR_WEBHOOK_SECRET = "whsec_regulars_emulator_platform";
export const EMULATOR_CONNECT_WEBHOOK_SECRET = "whsec_regulars_emulator_connect";

export interface Runtime {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  database: Database;
  emulator: RunningEmulator | null;
  webhookSecrets: string[];
  close(): Promise<void>;
}

export interface RuntimeOptions {
  database?: DatabaseTarget;
  webDistDir?: string;
  /** Draws landing pages on the server; see loadLandingRenderer. */
  renderLanding?: LandingRenderer | null;
  logger?: Logger;
  /** Where the emulator should post webhooks; defaults to this server's own address. */
  webhookUrl?: string;
  emulatorStateFile?: string | null;
}

export async function startRuntime(config: Config, options: RuntimeOptions = {}): Promise<Runtime> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const database = await openDatabase(
    options.database ??
      (config.databaseUrl
        ? { url: config.databaseUrl }
        : { pgliteDir: path.join(config.dataDir, "pglite") }),
  );

  let emulator: RunningEmulator | null = null;
  let publicConfig: PublicConfig;
  let stripeTarget: Parameters<typeof createStripeClient>[0];
  let webhookSecrets: string[];
  const webhookUrl = options.webhookUrl ?? `http://127.0.0.1:${config.port}/api/webhooks/stripe`;
  if (config.stripe.kind === "emulator" && config.stripe.externalUrl) {
    // A shared emulator (several instances, or a test that outlives this process): register
    // our webhook endpoints with it the way one would with Stripe, and use their secrets.
    stripeTarget = {
      kind: "emulator",
      secretKey: "sk_test_emulator",
      url: config.stripe.externalUrl,
    };
    const client = createStripeClient(stripeTarget, { timeoutMs: config.stripeTimeoutMs });
    const endpoints = await Promise.all(
      [false, true].map((connect) =>
        client.webhookEndpoints.create({ url: webhookUrl, enabled_events: ["*"], connect }),
      ),
    );
    webhookSecrets = endpoints.map((e) => e.secret ?? "");
    publicConfig = {
      paymentMode: "emulator",
      stripePublishableKey: "pk_test_emulator",
      emulatorUrl: config.stripe.externalUrl,
    };
  } else if (config.stripe.kind === "emulator") {
    // Loaded only in this mode, so a server talking to Stripe carries none of the emulator.
    const { startStripeEmulator } = await import("../stripe-emulator/src/start");
    emulator = await startStripeEmulator({
      port: config.stripe.port,
      stateFile:
        options.emulatorStateFile === null
          ? undefined
          : (options.emulatorStateFile ?? path.join(config.dataDir, "stripe-emulator.json")),
      webhookEndpoints: [
        { url: webhookUrl, secret: EMULATOR_WEBHOOK_SECRET, connect: false },
        { url: webhookUrl, secret: EMULATOR_CONNECT_WEBHOOK_SECRET, connect: true },
      ],
      logger: {
        info: (msg) => logger.info({ component: "stripe-emulator" }, msg),
        warn: (msg) => logger.warn({ component: "stripe-emulator" }, msg),
      },
    });
    stripeTarget = { kind: "emulator", secretKey: emulator.secretKey, url: emulator.url };
    webhookSecrets = [EMULATOR_WEBHOOK_SECRET, EMULATOR_CONNECT_WEBHOOK_SECRET];
    publicConfig = {
      paymentMode: "emulator",
      stripePublishableKey: emulator.publishableKey,
      emulatorUrl: emulator.url,
    };
  } else {
    stripeTarget = { kind: "stripe", secretKey: config.stripe.secretKey };
    webhookSecrets = config.stripe.webhookSecrets;
    publicConfig = {
      paymentMode: "stripe",
      stripePublishableKey: config.stripe.publishableKey,
      emulatorUrl: null,
    };
  }

  const db = database.db;
  const secret = config.authSecret ?? loadOrCreateDevSecret(config.dataDir);
  const deps: AppDeps = {
    config,
    db,
    logger,
    auth: createAuth({ config, db, secret, logger }),
    stripe: createStripeClient(stripeTarget, { timeoutMs: config.stripeTimeoutMs }),
    mailer: createMailer({ db, smtpUrl: config.smtpUrl, from: config.mailFrom, logger }),
    publicConfig,
    webhookSecrets,
    webDistDir: options.webDistDir,
    renderLanding: options.renderLanding,
  };
  const app = createApp(deps);

  return {
    app,
    deps,
    database,
    emulator,
    webhookSecrets,
    async close() {
      await emulator?.stop();
      await database.close();
    },
  };
}
