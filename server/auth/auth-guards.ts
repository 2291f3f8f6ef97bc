import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import type { Db } from "../db/client";
import { deleteSessionsOtherThan } from "./auth-repository";
import { claimTotpCode, TOTP_ALREADY_USED_MESSAGE } from "./totp-once";
import { twoFactorDisableGuard } from "./two-factor-disable-guard";
import { twoFactorNeedsVerifiedAddress } from "./two-factor-needs-verified-address";

/** better-auth's two-factor plugin names its sign-in challenge cookie this. */
const TWO_FACTOR_CHALLENGE_COOKIE = "two_factor";

/** Per request: whose code it was, and whether it turns two-factor on. */
const totpRequests = new WeakMap<object, { userId: string; isEnabling: boolean }>();

/**
 * Rules better-auth's two-factor plugin doesn't have, as hooks around its endpoints:
 *
 * - each TOTP code is accepted once (RFC 6238 §5.2), whether it confirms a new 2FA setup or
 *   completes a sign-in (see claimTotpCode);
 * - turning two-factor on signs out every other session, so whoever might have had the
 *   account before it was protected loses it;
 * - turning it off takes the password and an unused code, not the password alone (see
 *   twoFactorDisableGuard);
 * - it goes on only once the address is verified (see twoFactorNeedsVerifiedAddress).
 */
export function authGuards(db: Db): BetterAuthPlugin {
  return {
    id: "regulars-auth-guards",
    hooks: {
      before: [
        twoFactorNeedsVerifiedAddress(),
        twoFactorDisableGuard(db),
        {
          matcher: (context) => context.path === "/two-factor/verify-totp",
          handler: createAuthMiddleware(async (ctx) => {
            const code = (ctx.body as { code?: unknown } | undefined)?.code;
            if (typeof code !== "string") return;
            const current = await getSessionFromCtx(ctx);
            const userId = current?.user.id ?? (await challengedUserId(ctx));
            // No session and no sign-in challenge: better-auth refuses the request itself.
            if (!userId) return;
            const claim = await claimTotpCode({
              db,
              secretKey: ctx.context.secretConfig,
              userId,
              code,
            });
            if (claim === "already_used") {
              throw new APIError("UNAUTHORIZED", {
                message: TOTP_ALREADY_USED_MESSAGE,
                code: "TOTP_CODE_ALREADY_USED",
              });
            }
            totpRequests.set(ctx.context, {
              userId,
              isEnabling: Boolean(current && !current.user.twoFactorEnabled),
            });
          }),
        },
      ],
      after: [
        {
          matcher: (context) => context.path === "/two-factor/verify-totp",
          handler: createAuthMiddleware(async (ctx) => {
            const request = totpRequests.get(ctx.context);
            const created = ctx.context.newSession;
            if (!request?.isEnabling || !created || isError(ctx.context.returned)) return;
            // better-auth has just replaced this browser's session; every other one ends.
            await deleteSessionsOtherThan(db, request.userId, created.session.token);
          }),
        },
      ],
    },
  };
}

function isError(returned: unknown): boolean {
  return returned instanceof APIError || returned instanceof Error;
}

/** The user a pending sign-in challenge belongs to, read the way the two-factor plugin does. */
async function challengedUserId(ctx: {
  context: {
    secret: string;
    createAuthCookie: (name: string) => { name: string };
    internalAdapter: {
      findVerificationValue: (
        identifier: string,
      ) => Promise<{ value: string; expiresAt: Date } | null>;
    };
  };
  getSignedCookie: (name: string, secret: string) => Promise<string | null | false>;
}): Promise<string | null> {
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_CHALLENGE_COOKIE);
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const challenge = await ctx.context.internalAdapter.findVerificationValue(identifier);
  if (!challenge || challenge.expiresAt.getTime() <= Date.now()) return null;
  return challenge.value;
}
