import { AppError } from "../../lib/errors";

/**
 * The time that billing runs on. With real Stripe it is the wall clock. With the emulator it is
 * the emulator's clock, which tests move forward (`/_emulator/clock/advance`) to run renewals
 * offline: anything of ours that waits alongside renewals (a waitlist invitation's 48 hours,
 * issue 22) reads this clock, so a test can move past it the same way.
 */
export interface BillingClock {
  now(): Promise<Date>;
}

const wallClock: BillingClock = { now: async () => new Date() };

/**
 * Said when the clock can't be read. Every caller reads the clock before it writes anything,
 * so the request can be tried again as it is; a 502, as for any payment provider failure.
 */
export const CLOCK_UNREADABLE_MESSAGE =
  "We couldn't reach our payment provider. Nothing was changed; please try again.";

/** The emulator's clock (GET /_emulator/clock → { now: unix seconds }). */
function emulatorClock(emulatorUrl: string): BillingClock {
  const url = new URL("/_emulator/clock", emulatorUrl).toString();
  const unreadable = (cause: unknown) =>
    new AppError("payment_provider_error", CLOCK_UNREADABLE_MESSAGE, { cause });
  return {
    async now() {
      const response = await fetch(url, { signal: AbortSignal.timeout(10_000) }).catch(
        (error: unknown) => {
          throw unreadable(error);
        },
      );
      const body = (await response.json().catch(() => null)) as { now?: unknown } | null;
      if (!response.ok || typeof body?.now !== "number") {
        throw unreadable(new Error(`The Stripe emulator's clock answered ${response.status}`));
      }
      return new Date(body.now * 1000);
    },
  };
}

export function billingClockFor(emulatorUrl: string | null): BillingClock {
  return emulatorUrl ? emulatorClock(emulatorUrl) : wallClock;
}
