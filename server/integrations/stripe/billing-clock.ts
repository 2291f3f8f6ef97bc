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

/** The emulator's clock (GET /_emulator/clock → { now: unix seconds }). */
function emulatorClock(emulatorUrl: string): BillingClock {
  const url = new URL("/_emulator/clock", emulatorUrl).toString();
  return {
    async now() {
      const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      if (!response.ok) throw new Error(`The Stripe emulator's clock answered ${response.status}`);
      const body = (await response.json()) as { now?: unknown };
      if (typeof body.now !== "number")
        throw new Error("The Stripe emulator's clock is unreadable");
      return new Date(body.now * 1000);
    },
  };
}

export function billingClockFor(emulatorUrl: string | null): BillingClock {
  return emulatorUrl ? emulatorClock(emulatorUrl) : wallClock;
}
