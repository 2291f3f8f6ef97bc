import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";

/** RFC 6238's 30-second step, as the server's two-factor plugin is configured. */
const PERIOD_MS = 30_000;

/** The RFC 6238 time step a moment falls in. */
export function totpStep(now = Date.now()): number {
  return Math.floor(now / PERIOD_MS);
}

/**
 * What an authenticator app shows at the given step for the Base32 secret that the QR code and
 * the setup dialog carry (SHA-1, 6 digits).
 */
export function codeForStep(secret: string, step = totpStep()): Promise<string> {
  return createOTP(base32.decode(secret.toUpperCase())).hotp(step);
}

/**
 * A code newer than `usedStep`, which the server accepts once (RFC 6238 §5.2): the next step's
 * code works as soon as the current step is at most one behind it, so this waits only when
 * the code would be two or more steps ahead of the clock.
 */
export async function freshTotpCode(
  secret: string,
  usedStep: number,
): Promise<{ code: string; step: number }> {
  const step = usedStep + 1;
  const waitMs = (step - 1) * PERIOD_MS - Date.now();
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs + 500));
  return { code: await codeForStep(secret, step), step };
}
