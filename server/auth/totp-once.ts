import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { type SecretConfig, symmetricDecrypt } from "better-auth/crypto";
import type { Db } from "../db/client";
import { claimTotpStep, findTotpSecret } from "./auth-repository";

/** The two-factor plugin is configured with these (server/auth/auth.ts), so both agree. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** better-auth accepts the code of the current step and of one step either side. */
const TOTP_WINDOW_STEPS = 1;

export const TOTP_ALREADY_USED_MESSAGE =
  "That code has already been used. Wait for the next code in your authenticator app and enter it.";

export const TOTP_WRONG_CODE_MESSAGE =
  "That code is not correct. Enter the code your authenticator app shows now.";

export type TotpClaim = "accepted" | "already_used" | "wrong_code" | "not_enabled";

/** better-auth stores secrets imported from other apps as `base32:<secret>`, ours as-is. */
async function readSecret(
  key: string | SecretConfig,
  stored: string,
): Promise<string | Uint8Array> {
  const secret = await symmetricDecrypt({ key, data: stored });
  if (!secret.startsWith("base32:")) return secret;
  return base32.decode(secret.slice("base32:".length).toUpperCase());
}

/** Compares in time independent of where the strings differ. */
function isSameCode(a: string, b: string): boolean {
  let difference = a.length ^ b.length;
  for (let i = 0; i < b.length; i += 1) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/**
 * RFC 6238 §5.2: a code is accepted once. Finds the time step the code belongs to (within the
 * window better-auth accepts) and records it as the user's last used step, in one conditional
 * update; a code from that step or an earlier one is then refused, also when two requests race.
 *
 * The step is claimed before better-auth checks the code itself, so a code claimed here and then
 * refused by better-auth for another reason (an expired sign-in challenge) is spent too: the
 * person waits for the next one, and nobody can ever use a code twice.
 */
export async function claimTotpCode(options: {
  db: Db;
  secretKey: string | SecretConfig;
  userId: string;
  code: string;
  now?: number;
}): Promise<TotpClaim> {
  const { db, userId, code } = options;
  const secret = await findTotpSecret(db, userId);
  if (secret === null) return "not_enabled";

  const otp = createOTP(await readSecret(options.secretKey, secret), {
    period: TOTP_PERIOD_SECONDS,
    digits: TOTP_DIGITS,
  });
  const current = Math.floor((options.now ?? Date.now()) / 1000 / TOTP_PERIOD_SECONDS);
  let matchedStep: number | null = null;
  for (let step = current - TOTP_WINDOW_STEPS; step <= current + TOTP_WINDOW_STEPS; step += 1) {
    if (isSameCode(code, await otp.hotp(step))) matchedStep = step;
  }
  if (matchedStep === null) return "wrong_code";

  return (await claimTotpStep(db, userId, matchedStep)) ? "accepted" : "already_used";
}
