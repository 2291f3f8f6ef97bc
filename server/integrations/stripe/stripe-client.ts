import Stripe from "stripe";

const STRIPE_API_VERSION = "2025-07-30.basil" as const;

export type StripeTarget =
  | { kind: "stripe"; secretKey: string }
  | { kind: "emulator"; secretKey: string; url: string };

/** The same SDK and code path in both modes; only the host differs. */
export function createStripeClient(
  target: StripeTarget,
  options: { timeoutMs?: number } = {},
): Stripe {
  const common = {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    timeout: options.timeoutMs ?? 80_000,
    appInfo: { name: "Regulars" },
    telemetry: false,
  } satisfies Stripe.StripeConfig;
  if (target.kind === "stripe") return new Stripe(target.secretKey, common);
  const url = new URL(target.url);
  return new Stripe(target.secretKey, {
    ...common,
    host: url.hostname,
    port: Number(url.port),
    protocol: url.protocol === "https:" ? "https" : "http",
  });
}
