import type { BetterAuthOptions } from "better-auth";

/**
 * better-auth's own limiter, for its endpoints under /api/auth (which are not declared routes:
 * better-auth routes them itself). It counts in the database (`rate_limit` table, exact across
 * instances), keyed by the client address our edge passes it (auth-routes.ts).
 */
export const betterAuthRateLimit = {
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
    "/request-password-reset": { window: 60, max: 5 },
    "/reset-password": { window: 60, max: 5 },
    "/reset-password/*": { window: 60, max: 10 },
    "/send-verification-email": { window: 60, max: 5 },
    // The token is a signed JWT (nothing to guess); the limit only stops floods.
    "/verify-email": { window: 60, max: 10 },
    "/get-session": false,
  },
} satisfies BetterAuthOptions["rateLimit"];

/** Every route under this prefix is better-auth's, behind its own limiter: see below. */
export const BETTER_AUTH_PREFIX = "/api/auth/";

/**
 * What better-auth limits itself (`betterAuthRateLimit` above), for each of its endpoints,
 * exposed or not:
 * - "custom": one of our `customRules`;
 * - "default": better-auth's default window (300 a minute), or its stricter built-in rule for
 *   sign-in, sign-up, change-password/e-mail and reset requests (3 per 10 s), or the two-factor
 *   plugin's (3 per 10 s under /two-factor/);
 * - an exemption: `customRules` turns the limit off, for the reason given.
 * The coverage test checks this list against better-auth's endpoints and our customRules.
 */
export const betterAuthLimits: Record<string, "custom" | "default" | { exempt: string }> = {
  "/sign-in/email": "custom",
  "/sign-up/email": "custom",
  "/two-factor/verify-totp": "custom",
  "/two-factor/verify-backup-code": "custom",
  "/change-password": "custom",
  "/request-password-reset": "custom",
  "/reset-password": "custom",
  "/reset-password/:token": "custom",
  "/send-verification-email": "custom",
  "/verify-email": "custom",
  "/get-session": {
    exempt:
      "Every page asks it once; it reads the caller's own cookie and looks up one session row.",
  },
  "/sign-in/social": "default",
  "/callback/:id": "default",
  "/sign-out": "default",
  "/verify-password": "default",
  "/change-email": "default",
  "/update-session": "default",
  "/update-user": "default",
  "/delete-user": "default",
  "/list-sessions": "default",
  "/revoke-session": "default",
  "/revoke-sessions": "default",
  "/revoke-other-sessions": "default",
  "/link-social": "default",
  "/list-accounts": "default",
  "/delete-user/callback": "default",
  "/unlink-account": "default",
  "/refresh-token": "default",
  "/get-access-token": "default",
  "/account-info": "default",
  "/two-factor/get-totp-uri": "default",
  "/two-factor/send-otp": "default",
  "/two-factor/verify-otp": "default",
  "/two-factor/generate-backup-codes": "default",
  "/two-factor/enable": "default",
  "/two-factor/disable": "default",
  "/ok": "default",
  "/error": "default",
};
