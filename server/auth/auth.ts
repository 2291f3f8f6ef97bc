import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins/two-factor";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../contracts/auth";
import type { Config } from "../config/env";
import type { Db } from "../db/client";
import * as schema from "../db/schema/index";
import type { Mailer } from "../integrations/email/mailer";
import { renderAccountExistsEmail } from "../integrations/email/templates/account-exists";
import { renderPasswordResetEmail } from "../integrations/email/templates/password-reset";
import { renderVerifyEmailEmail } from "../integrations/email/templates/verify-email";
import type { JobQueue } from "../integrations/jobs/job-queue";
import type { Logger } from "../lib/logger";
import {
  dashboardPath,
  forgotPasswordPagePath,
  resetPasswordPagePath,
  signInPagePath,
} from "../lib/public-links";
import { addressMailOffRequest } from "./address-mail-off-request";
import { authGuards } from "./auth-guards";
import { betterAuthRateLimit } from "./auth-rate-limits";
import { endSessionsOpenedBefore } from "./end-sessions-before";
import { secondFactorGuard } from "./second-factor-guard";
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from "./totp-once";

/** Set by our own edge from the socket (or a trusted proxy), never taken from the client. */
export const CLIENT_IP_HEADER = "x-regulars-client-ip";

export interface AuthOptions {
  config: Config;
  db: Db;
  secret: string;
  logger: Logger;
  mailer: Mailer;
  queue: JobQueue;
}

/** A password reset link works once, for this long. */
const RESET_PASSWORD_TOKEN_SECONDS = 60 * 60;
/** Verifying is never required to work, so the link may wait in the inbox for a day. */
const VERIFY_EMAIL_TOKEN_SECONDS = 60 * 60 * 24;
/** At most one "you already have an account" notice per address in this window. */
const ACCOUNT_EXISTS_NOTICE_SECONDS = 60 * 60;

export function createAuth({ config, db, secret, logger, mailer, queue }: AuthOptions) {
  return betterAuth({
    // Into our JSON logs, with the request logs, instead of better-auth's console output.
    logger: {
      level: "warn",
      log: (level, message, ...args) =>
        logger[level === "debug" ? "debug" : level]({ component: "auth", args }, message),
    },
    // An error thrown before an endpoint runs (our hooks refuse a spent TOTP code this way)
    // reaches the router, which would print it to the console; it belongs in our logs.
    onAPIError: {
      onError: (error) => {
        const status = (error as { status?: unknown }).status;
        if (status === "INTERNAL_SERVER_ERROR") logger.error({ component: "auth", err: error });
        else logger.debug({ component: "auth", err: error }, "auth request refused");
      },
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
      // contracts/auth.ts holds the full rule (spaces at the ends don't count); these bounds
      // keep better-auth from accepting anything the rule refuses.
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // Sign-up answers the same whether or not the address has an account (ADR 013): no
      // session from sign-up, and a look-alike user for a taken address. The SPA then signs in.
      autoSignIn: false,
      // The owner of a taken address hears about the attempt instead (at most once an hour).
      onExistingUserSignUp: async ({ user }) => {
        const message = await renderAccountExistsEmail({
          to: user.email,
          signInUrl: `${config.publicUrl}${signInPagePath}`,
          resetUrl: `${config.publicUrl}${forgotPasswordPagePath}`,
        });
        const window = Math.floor(Date.now() / 1000 / ACCOUNT_EXISTS_NOTICE_SECONDS);
        await mailer.enqueue(db, {
          kind: "account_exists",
          dedupeKey: `account-exists:${user.id}:${window}`,
          userId: user.id,
          ...message,
        });
      },
      // Setting a new password from the e-mailed link signs every session out.
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_PASSWORD_TOKEN_SECONDS,
      // better-auth answers the same whether or not the address has an account, and calls this
      // only when it does. The link passes through better-auth, which checks the token before
      // sending the browser on to our page (with ?token=… or ?error=INVALID_TOKEN).
      sendResetPassword: async ({ user, token }) => {
        const resetUrl = `${config.publicUrl}/api/auth/reset-password/${encodeURIComponent(token)}?callbackURL=${encodeURIComponent(resetPasswordPagePath)}`;
        const message = await renderPasswordResetEmail({ to: user.email, resetUrl });
        await mailer.enqueue(db, { kind: "password_reset", userId: user.id, ...message });
      },
    },
    emailVerification: {
      // Sent on sign-up, but never required: onboarding and sign-in work before verifying.
      sendOnSignUp: true,
      // Whoever opens the link has the mailbox, so they land signed in, but never past a second
      // factor: secondFactorGuard issues no session for an account with two-factor on here.
      autoSignInAfterVerification: true,
      // Sessions opened before the address was proved may be someone else's (an account made
      // for an address that isn't theirs): they end. Runs before the link's own sign-in.
      afterEmailVerification: async (verified) => {
        await endSessionsOpenedBefore(db, verified.id, new Date());
      },
      expiresIn: VERIFY_EMAIL_TOKEN_SECONDS,
      sendVerificationEmail: async ({ user, token }) => {
        const verifyUrl = `${config.publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(dashboardPath)}`;
        const message = await renderVerifyEmailEmail({ to: user.email, verifyUrl });
        await mailer.enqueue(db, { kind: "verify_email", userId: user.id, ...message });
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: betterAuthRateLimit,
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    plugins: [
      twoFactor({
        issuer: "Regulars",
        totpOptions: { period: TOTP_PERIOD_SECONDS, digits: TOTP_DIGITS },
      }),
      authGuards(db),
      // After twoFactor, so its after hook sees sign-in already turned into the code challenge.
      secondFactorGuard(),
      addressMailOffRequest({ db, queue }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
export type AuthSession = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;
