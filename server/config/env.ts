import { z } from "zod";

// The only module that reads process.env. Everything else receives a parsed Config.
const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
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
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    TRUST_PROXY: z
      .enum(["true", "false"])
      .default("false")
      .transform((v) => v === "true"),
  })
  .superRefine((env, ctx) => {
    if (env.STRIPE_SECRET_KEY && (!env.STRIPE_PUBLISHABLE_KEY || !env.STRIPE_WEBHOOK_SECRET)) {
      ctx.addIssue({
        code: "custom",
        message: "STRIPE_SECRET_KEY needs STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET too",
      });
    }
    if (env.NODE_ENV === "production" && !env.BETTER_AUTH_SECRET) {
      ctx.addIssue({ code: "custom", message: "BETTER_AUTH_SECRET is required in production" });
    }
  });

export type Env = z.infer<typeof envSchema>;

export type StripeMode =
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
  logLevel: Env["LOG_LEVEL"];
  trustProxy: boolean;
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
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
  };
}

export function readConfig(): Config {
  return parseConfig(process.env);
}
