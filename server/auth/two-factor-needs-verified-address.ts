import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";

export const VERIFY_ADDRESS_FIRST_MESSAGE =
  "Verify your e-mail address before turning on two-factor authentication: open the link we e-mailed you, or ask for another on the Account tab.";

/**
 * Two-factor authentication goes on only once the account's address is verified. Otherwise
 * someone who signs up with another person's address and turns it on keeps that person out
 * for good: a password reset and verifying the address end the squatter's sessions, but the
 * squatter's authenticator would still hold the second factor.
 *
 * Every /two-factor/ path, not only today's enable and verify-totp: for a signed-in account
 * with two-factor off, each of them (start a setup, confirm one, send an OTP, …) is a step
 * towards turning it on, and an upgrade may add more. Signed out (a sign-in's code challenge)
 * or with two-factor already on (accounts from before this rule can still turn it off), the
 * request goes on to better-auth as before.
 */
export function twoFactorNeedsVerifiedAddress() {
  return {
    matcher: (context: { path?: string }) => Boolean(context.path?.startsWith("/two-factor/")),
    handler: createAuthMiddleware(async (ctx) => {
      const current = await getSessionFromCtx(ctx);
      if (!current) return;
      const owner = current.user as { emailVerified: boolean; twoFactorEnabled?: boolean | null };
      if (owner.twoFactorEnabled === true || owner.emailVerified) return;
      throw new APIError("FORBIDDEN", {
        message: VERIFY_ADDRESS_FIRST_MESSAGE,
        code: "EMAIL_NOT_VERIFIED",
      });
    }),
  };
}
