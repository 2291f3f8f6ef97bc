import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import type { Db } from "../db/client";
import { consumeRateLimit } from "../modules/rate-limits/rate-limit-repository";
import { claimTotpCode, TOTP_ALREADY_USED_MESSAGE, TOTP_WRONG_CODE_MESSAGE } from "./totp-once";

/** Attempts per account, as for deleting it: a stolen session can't be used to guess. */
const DISABLE_ATTEMPTS = { max: 5, windowSeconds: 15 * 60 };

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

function refuse(message: string, code: string, status: "BAD_REQUEST" | "TOO_MANY_REQUESTS") {
  return new APIError(status, { message, code });
}

/** The account's password against its hash, the way better-auth's own endpoints check it. */
async function isPasswordCorrect(ctx: HookContext, userId: string, password: string) {
  const accounts = await ctx.context.internalAdapter.findAccounts(userId);
  const hash = accounts.find((account) => account.providerId === "credential")?.password;
  if (!hash) return false;
  return ctx.context.password.verify({ hash, password });
}

/**
 * better-auth turns two-factor off for the password alone, which is exactly what someone who
 * learned the password has. Before its endpoint runs, this asks what deleting the account asks
 * (server/modules/account/account-service.ts): within 5 attempts per 15 minutes, the password,
 * then a code from the authenticator app not used before (RFC 6238 §5.2). The password is
 * checked first so that a wrong one doesn't spend the code it came with.
 */
export function twoFactorDisableGuard(db: Db) {
  return {
    matcher: (context: { path?: string }) => context.path === "/two-factor/disable",
    handler: createAuthMiddleware(async (ctx) => {
      const current = await getSessionFromCtx(ctx);
      // Signed out: better-auth refuses the request itself.
      if (!current) return;
      const userId = current.user.id;
      const body = ctx.body as { password?: unknown; code?: unknown } | undefined;
      const password = typeof body?.password === "string" ? body.password : "";
      const code = typeof body?.code === "string" ? body.code : "";

      const isAllowed = await consumeRateLimit(
        db,
        `regulars:two-factor-disable:${userId}`,
        DISABLE_ATTEMPTS,
      );
      if (!isAllowed) {
        throw refuse(
          "Too many attempts to turn off two-factor authentication. Please wait 15 minutes and try again.",
          "TOO_MANY_ATTEMPTS",
          "TOO_MANY_REQUESTS",
        );
      }
      if (!(await isPasswordCorrect(ctx, userId, password))) {
        throw refuse("That password is not correct.", "INVALID_PASSWORD", "BAD_REQUEST");
      }
      if (!current.user.twoFactorEnabled) {
        throw refuse(
          "Two-factor authentication is already off.",
          "TWO_FACTOR_NOT_ENABLED",
          "BAD_REQUEST",
        );
      }
      const claim = await claimTotpCode({
        db,
        secretKey: ctx.context.secretConfig,
        userId,
        code,
      });
      if (claim === "already_used") {
        throw refuse(TOTP_ALREADY_USED_MESSAGE, "TOTP_CODE_ALREADY_USED", "BAD_REQUEST");
      }
      if (claim !== "accepted")
        throw refuse(TOTP_WRONG_CODE_MESSAGE, "INVALID_CODE", "BAD_REQUEST");
    }),
  };
}
