import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins/two-factor";
import type { Config } from "../config/env";
import type { Db } from "../db/client";
import * as schema from "../db/schema/index";
import type { Logger } from "../lib/logger";

/** Set by our own edge from the socket (or a trusted proxy), never taken from the client. */
export const CLIENT_IP_HEADER = "x-regulars-client-ip";

export interface AuthOptions {
  config: Config;
  db: Db;
  secret: string;
  logger: Logger;
}

export function createAuth({ config, db, secret, logger }: AuthOptions) {
  return betterAuth({
    // Into our JSON logs, with the request logs, instead of better-auth's console output.
    logger: {
      level: "warn",
      log: (level, message, ...args) =>
        logger[level === "debug" ? "debug" : level]({ component: "auth", args }, message),
    },
    appName: "Regulars",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        twoFactor: schema.twoFactor,
        rateLimit: schema.rateLimit,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 300,
      customRules: {
        "/sign-in/email": { window: 60, max: 10 },
        "/sign-up/email": { window: 60, max: 30 },
        "/two-factor/verify-totp": { window: 60, max: 10 },
        "/two-factor/verify-backup-code": { window: 60, max: 10 },
        "/change-password": { window: 60, max: 10 },
        "/get-session": false,
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    plugins: [twoFactor({ issuer: "Regulars" })],
  });
}

export type Auth = ReturnType<typeof createAuth>;
export type AuthSession = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;
