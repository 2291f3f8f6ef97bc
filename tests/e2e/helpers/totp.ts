import { createHmac } from "node:crypto";

function base32Decode(input: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of input.replace(/=+$/, "").toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`Not base32: ${char}`);
    bits += value.toString(2).padStart(5, "0");
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8)
    bytes.push(Number.parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s): what an authenticator app shows. */
export function totpCode(secret: string, now = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 1000 / 30)));
  const hmac = createHmac("sha1", base32Decode(secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0x0f;
  const code = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return code.toString().padStart(6, "0");
}

const PERIOD_MS = 30_000;

/** The RFC 6238 time step a moment falls in. */
export function totpStep(now = Date.now()): number {
  return Math.floor(now / PERIOD_MS);
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
  return { code: totpCode(secret, step * PERIOD_MS), step };
}
