import { z } from "zod";
import type { JobQueueTuning } from "../integrations/jobs/job-queue";

// The only module that reads process.env. Everything else receives a parsed Config.
const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Only this machine by default; a deployment says where to listen (e.g. 0.0.0.0). */
    HOST: z.string().default("127.0.0.1"),
    PUBLIC_URL: z.url().optional(),
    DATABASE_URL: z.url().optional(),
    DATA_DIR: z.string().default("./data"),
    BETTER_AUTH_SECRET: z.string().min(32).optional(),
    STRIPE_SECRET_KEY: z.string().startsWith("sk_").optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().startsWith("pk_").optional(),
    STRIPE_WEBHOOK_SECRET: z.string().startsWith("whsec_").optional(),
    STRIPE_CONNECT_WEBHOOK_SECRET: z.string().startsWith("whsec_").optional(),
    STRIPE_EMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(12111),
    /** An emulator already running elsewhere (shared by several instances, or by tests). */
    STRIPE_EMULATOR_URL: z.url().optional(),
    /** Stripe's own default; fault tests lower it so a hung call times out in a test's time. */
    STRIPE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(80_000),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default("Regulars <no-reply@regulars.local>"),
    /** How often an idle worker looks for jobs (pg-boss's minimum is 0.5). */
    JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(1),
    /** How often expired jobs (their process died) are found and retried. */
    JOB_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    JOB_EXPIRE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /**
     * Despite the names, every job queue's retries (e-mail, lost links, address mail, the nightly
     * reconciliation): a failed job is retried this many times, the delay doubling from the first.
     */
    EMAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(8),
    EMAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /** When the nightly reconciliation runs (cron, UTC), and how many days back it checks. */
    RECONCILE_CRON: z.string().default("15 3 * * *"),
    RECONCILE_DAYS: z.coerce.number().int().min(1).max(400).default(35),
    /** Bearer token a Prometheus scraper sends to GET /metrics; without it /metrics is off. */
    METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
    /**
     * After SIGTERM the server keeps answering this long, with /api/ready at 503, so the load
     * balancer stops sending before the listener closes (closing it resets connections the kernel
     * had queued but we had not yet read).
     */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    /**
     * How many proxies in front of us append to X-Forwarded-For (a load balancer: 1; a CDN then
     * a load balancer: 2). The client's address is read that many entries from the right; what
     * the client itself wrote further left is never trusted. "true" means 1, "false" 0.
     */
    TRUST_PROXY: z
      .string()
      .default("0")
      .transform((v) => (v === "true" ? 1 : v === "false" ? 0 : Number(v)))
      .pipe(
        z
          .number({ error: "TRUST_PROXY must be a number of proxies (0-10), true or false" })
          .int()
          .min(0)
          .max(10),
      ),
  })
  .superRefine((env, ctx) => {
    if (env.STRIPE_SECRET_KEY && (!env.STRIPE_PUBLISHABLE_KEY || !env.STRIPE_WEBHOOK_SECRET)) {
      ctx.addIssue({
        code: "custom",
        message: "STRIPE_SECRET_KEY needs STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET too",
      });
    }
    if (env.NODE_ENV === "production") {
      const missing = productionVariables.filter((name) => !env[name]);
      if (missing.length > 0) {
        ctx.addIssue({
          code: "custom",
          message: `NODE_ENV=production needs ${missing.join(", ")}. Production never falls back to the Stripe emulator, its webhook secrets, the development mailbox or PGlite.`,
        });
      }
      if (env.STRIPE_EMULATOR_URL) {
        ctx.addIssue({
          code: "custom",
          message: "STRIPE_EMULATOR_URL is for development and tests; remove it in production.",
        });
      }
    }
  });

type Env = z.infer<typeof envSchema>;

/** What a production server can't run without; each is named when missing. */
const productionVariables = [
  "PUBLIC_URL",
  "DATABASE_URL",
  "BETTER_AUTH_SECRET",
  "STRIPE_SECRET_KEY",
  "STRIPE_PUBLISHABLE_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_CONNECT_WEBHOOK_SECRET",
  "SMTP_URL",
] as const;

type StripeMode =
  | { kind: "stripe"; secretKey: string; publishableKey: string; webhookSecrets: string[] }
  | { kind: "emulator"; port: number; externalUrl: string | undefined };

export interface Config {
  env: Env["NODE_ENV"];
  port: number;
  host: string;
  /** The origin users reach the app at; links in e-mails and Stripe return URLs use it. */
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  authSecret: string | undefined;
  stripe: StripeMode;
  /** Per attempt: the SDK retries a timed-out call (same idempotency key) before giving up. */
  stripeTimeoutMs: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  jobs: JobQueueTuning;
  logLevel: Env["LOG_LEVEL"];
  metricsToken: string | undefined;
  reconciliation: { cron: string; days: number };
  /** Proxies whose X-Forwarded-For entries we trust, counted from the right. */
  trustedProxyHops: number;
  /** How long SIGTERM keeps the listener open, unready, before it closes. */
  shutdownDrainMs: number;
}

export function parseConfig(source: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".") || "env"}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const stripe: StripeMode = env.STRIPE_SECRET_KEY
    ? {
        kind: "stripe",
        secretKey: env.STRIPE_SECRET_KEY,
        publishableKey: env.STRIPE_PUBLISHABLE_KEY!,
        webhookSecrets: [env.STRIPE_WEBHOOK_SECRET!, env.STRIPE_CONNECT_WEBHOOK_SECRET].filter(
          (s): s is string => Boolean(s),
        ),
      }
    : { kind: "emulator", port: env.STRIPE_EMULATOR_PORT, externalUrl: env.STRIPE_EMULATOR_URL };
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    authSecret: env.BETTER_AUTH_SECRET,
    stripe,
    stripeTimeoutMs: env.STRIPE_TIMEOUT_MS,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    jobs: {
      pollSeconds: env.JOB_POLL_SECONDS,
      maintenanceSeconds: env.JOB_MAINTENANCE_SECONDS,
      expireSeconds: env.JOB_EXPIRE_SECONDS,
      retryLimit: env.EMAIL_RETRY_LIMIT,
      retryDelaySeconds: env.EMAIL_RETRY_DELAY_SECONDS,
    },
    logLevel: env.LOG_LEVEL,
    metricsToken: env.METRICS_TOKEN,
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS,
    reconciliation: { cron: env.RECONCILE_CRON, days: env.RECONCILE_DAYS },
    trustedProxyHops: env.TRUST_PROXY,
  };
}

export function readConfig(): Config {
  return parseConfig(process.env);
}
