import path from "node:path";
import type { PublicConfig } from "../contracts/public-config";
import { type AppDeps, createApp } from "./app";
import { startAddressMailJob } from "./auth/address-mail-job";
import { createAuth } from "./auth/auth";
import { loadOrCreateDevSecret } from "./config/dev-secret";
import type { Config } from "./config/env";
import { type Database, type DatabaseTarget, openDatabase } from "./db/client";
import { createMailer, startEmailDelivery } from "./integrations/email/mailer";
import { startJobQueue } from "./integrations/jobs/job-queue";
import { createMetrics, observeStripe } from "./integrations/metrics/metrics";
import { billingClockFor } from "./integrations/stripe/billing-clock";
import { type EmulatorHandle, startEmulatorProcess } from "./integrations/stripe/emulator-process";
import { createStripeClient } from "./integrations/stripe/stripe-client";
import { createLogger, type Logger } from "./lib/logger";
import { startManageLinksJob } from "./modules/manage-links/manage-links-job";
import { startFeeRepricingJobs } from "./modules/plans/fee-repricing";
import { startReconciliationSchedule } from "./modules/reconciliation/reconciliation-job";
import { startSeatSweepSchedule } from "./modules/seats/seat-sweep";
import type { LandingRenderer } from "./modules/web-shell/landing-renderer";
import type { SelfServiceRenderer } from "./modules/web-shell/standalone-renderer";

/** Fixed in emulator mode: both ends are local and the emulator is only for offline use. */
export const EMULATOR_WEBHOOK_SECRET = "whsec_regulars_emulator_platform";
const EMULATOR_CONNECT_WEBHOOK_SECRET = "whsec_regulars_emulator_connect";

export interface Runtime {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  database: Database;
  emulator: EmulatorHandle | null;
  webhookSecrets: string[];
  /** From now on /api/ready answers 503, so a load balancer stops sending traffic. */
  beginShutdown(): void;
  /** Waits for running jobs, then closes the emulator and the database. */
  close(): Promise<void>;
}

export interface RuntimeOptions {
  database?: DatabaseTarget;
  webDistDir?: string;
  /** Draws landing pages on the server; see loadLandingRenderer. */
  renderLanding?: LandingRenderer | null;
  /** Draws the self-service page on the server; see loadSelfServiceRenderer. */
  renderSelfService?: SelfServiceRenderer | null;
  logger?: Logger;
  /** Where the emulator should post webhooks; defaults to this server's own address. */
  webhookUrl?: string;
  emulatorStateFile?: string | null;
  /**
   * Whether this process works the job queue (e-mail, the nightly reconciliation). A one-off
   * command leaves the jobs to the servers.
   */
  runsJobs?: boolean;
  /**
   * Where the emulator runs in emulator mode without STRIPE_EMULATOR_URL. "process" (what
   * `npm start` uses): a supervised child process with its own heap cap, so a year of billing
   * never weighs on the server's memory. "in-process" (the default, for tests and benchmarks
   * that want a fast start): inside this process.
   */
  emulator?: "process" | "in-process";
}

export async function startRuntime(config: Config, options: RuntimeOptions = {}): Promise<Runtime> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const database = await openDatabase(
    options.database ??
      (config.databaseUrl
        ? { url: config.databaseUrl }
        : { pgliteDir: path.join(config.dataDir, "pglite") }),
  );

  let emulator: EmulatorHandle | null = null;
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
    const stateFile =
      options.emulatorStateFile === null
        ? undefined
        : (options.emulatorStateFile ?? path.join(config.dataDir, "stripe-emulator.jsonl"));
    // Fixed secrets rather than endpoints registered through the API: a restarted emulator
    // replaces the endpoints of its last start instead of piling up new ones.
    const webhookEndpoints = [
      { url: webhookUrl, secret: EMULATOR_WEBHOOK_SECRET, connect: false },
      { url: webhookUrl, secret: EMULATOR_CONNECT_WEBHOOK_SECRET, connect: true },
    ];
    if (options.emulator === "process") {
      emulator = await startEmulatorProcess({
        port: config.stripe.port,
        stateFile,
        webhookEndpoints,
        logger,
      });
    } else {
      // Loaded only in this mode, so a server talking to Stripe carries none of the emulator.
      const { startStripeEmulator } = await import("@regulars/stripe-emulator");
      const running = await startStripeEmulator({
        port: config.stripe.port,
        stateFile,
        webhookEndpoints,
        logger: {
          info: (msg) => logger.info({ component: "stripe-emulator" }, msg),
          warn: (msg) => logger.warn({ component: "stripe-emulator" }, msg),
        },
      });
      emulator = { ...running, pid: () => null };
    }
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
  const metrics = createMetrics();
  const stripe = createStripeClient(stripeTarget, { timeoutMs: config.stripeTimeoutMs });
  observeStripe(stripe, metrics);
  const queue = await startJobQueue({ jobDb: database.jobDb, logger, tuning: config.jobs });
  const runsJobs = options.runsJobs ?? true;
  if (runsJobs) {
    await startEmailDelivery({
      db,
      queue,
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      messageIdDomain: new URL(config.publicUrl).hostname,
      logger,
      metrics,
    });
  }
  let isShuttingDown = false;
  const secret = config.authSecret ?? loadOrCreateDevSecret(config.dataDir);
  const mailer = createMailer({ queue, logger, metrics });
  const deps: AppDeps = {
    config,
    db,
    logger,
    auth: createAuth({ config, db, secret, logger, mailer, queue }),
    stripe,
    clock: billingClockFor(publicConfig.emulatorUrl),
    mailer,
    metrics,
    queue,
    isShuttingDown: () => isShuttingDown,
    publicConfig,
    secret,
    webhookSecrets,
    webDistDir: options.webDistDir,
    renderLanding: options.renderLanding,
    renderSelfService: options.renderSelfService,
  };
  if (runsJobs) {
    await startAddressMailJob({ auth: deps.auth, queue });
    await startManageLinksJob({ db, mailer, queue, publicUrl: config.publicUrl });
    await startSeatSweepSchedule({
      db,
      queue,
      mailer,
      clock: deps.clock,
      publicUrl: config.publicUrl,
    });
    await startFeeRepricingJobs({ db, stripe, queue, clock: deps.clock });
    await startReconciliationSchedule(
      { ...deps, publicUrl: config.publicUrl },
      config.reconciliation,
    );
  }
  const app = createApp(deps);

  return {
    app,
    deps,
    database,
    emulator,
    webhookSecrets,
    beginShutdown() {
      isShuttingDown = true;
    },
    async close() {
      isShuttingDown = true;
      await queue.stop();
      await emulator?.stop();
      await database.close();
    },
  };
}
