import Stripe from "stripe";
import { afterAll, beforeAll } from "vitest";
import { type RunningEmulator, startStripeEmulator } from "../src/start";

export const API_VERSION = "2025-07-30.basil" as const;

export interface Target {
  stripe: Stripe;
  /** Only in emulator mode: the emulator, for its control endpoints. */
  emulator: RunningEmulator | null;
  publishableKey: string;
  close(): Promise<void>;
}

/**
 * The same contract tests run against the emulator, or against real Stripe test mode when
 * STRIPE_SECRET_KEY (and STRIPE_PUBLISHABLE_KEY) are set, so anyone with a key can check
 * the emulator's fidelity.
 */
export async function openTarget(
  options: {
    stateFile?: string;
    webhookEndpoints?: Parameters<typeof startStripeEmulator>[0]["webhookEndpoints"];
    /** Emulator-only suites (hosted pages, controls) never run against real Stripe. */
    forceEmulator?: boolean;
  } = {},
): Promise<Target> {
  const realKey = process.env.STRIPE_SECRET_KEY;
  if (realKey?.startsWith("sk_test_") && !options.forceEmulator) {
    return {
      stripe: new Stripe(realKey, { apiVersion: API_VERSION }),
      emulator: null,
      publishableKey: process.env.STRIPE_PUBLISHABLE_KEY ?? "",
      close: async () => {},
    };
  }
  const emulator = await startStripeEmulator({
    port: 0,
    stateFile: options.stateFile,
    webhookEndpoints: options.webhookEndpoints,
  });
  const stripe = new Stripe(emulator.secretKey, {
    apiVersion: API_VERSION,
    host: "127.0.0.1",
    port: emulator.port,
    protocol: "http",
    maxNetworkRetries: 0,
  });
  return {
    stripe,
    emulator,
    publishableKey: emulator.publishableKey,
    close: () => emulator.stop(),
  };
}

/**
 * One target for the whole test file: opened before its first test (then `onOpen`, to keep it),
 * closed after its last.
 */
export function openTargetPerFile(
  onOpen: (target: Target) => void,
  options: Parameters<typeof openTarget>[0] = {},
) {
  let opened: Target | undefined;
  beforeAll(async () => {
    opened = await openTarget(options);
    onOpen(opened);
  });
  afterAll(async () => {
    await opened?.close();
  });
}

/** What an emulator-only suite works with; its fields are there from the first test on. */
export interface EmulatorSuite {
  target: Target;
  stripe: Stripe;
  /** The emulator's base URL, for its hosted pages and control endpoints. */
  base: string;
}

/** openTargetPerFile for emulator-only suites: one emulator per test file. */
export function openEmulatorPerFile(): EmulatorSuite {
  const suite = {} as EmulatorSuite;
  openTargetPerFile(
    (target) => Object.assign(suite, { target, stripe: target.stripe, base: target.emulator!.url }),
    { forceEmulator: true },
  );
  return suite;
}

/**
 * Moves the emulator's one clock (every test clock is it) to `to`, running what falls due on the
 * way, through the SDK's test clock calls.
 */
export async function advanceEmulatorTo(stripe: Stripe, to: number) {
  const clock = await stripe.testHelpers.testClocks.create({
    frozen_time: Math.floor(Date.now() / 1000),
  });
  await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: to });
}

const isRealStripe = Boolean(process.env.STRIPE_SECRET_KEY?.startsWith("sk_test_"));
if (!isRealStripe) {
  process.stdout.write(
    "Stripe contract tests: running against the emulator (set STRIPE_SECRET_KEY=sk_test_... to run them against real Stripe test mode).\n",
  );
}

/** What Stripe.js does: create a card PaymentMethod with the publishable key. */
export async function createCardPaymentMethod(target: Target, number: string) {
  if (!target.emulator) {
    // Real Stripe refuses raw card numbers from servers; use its test tokens instead.
    const tokens: Record<string, string> = {
      "4242424242424242": "pm_card_visa",
      "4000000000000002": "pm_card_visa_chargeDeclined",
      "4000000000009995": "pm_card_visa_chargeDeclinedInsufficientFunds",
      "4000000000000341": "pm_card_chargeCustomerFail",
      "4000002500003155": "pm_card_authenticationRequiredOnSetup",
    };
    return tokens[number] ?? "pm_card_visa";
  }
  const response = await fetch(`${target.emulator.url}/v1/payment_methods`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${target.publishableKey}`,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({
      type: "card",
      "card[number]": number,
      "card[exp_month]": "12",
      "card[exp_year]": String(new Date().getFullYear() + 2),
      "card[cvc]": "123",
    }),
  });
  const body = (await response.json()) as { id: string };
  return body.id;
}
