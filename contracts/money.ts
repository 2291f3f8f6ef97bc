// Money is integer cents everywhere except at the UI's edge.
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

export interface FeeSplit {
  grossCents: number;
  feePercent: number;
  feeCents: number;
  netCents: number;
}

/** fee = round(gross × percent / 100); net = gross − fee. */
export function splitPlatformFee(grossCents: number, feePercent: number): FeeSplit {
  const feeCents = Math.round((grossCents * feePercent) / 100);
  return { grossCents, feePercent, feeCents, netCents: grossCents - feeCents };
}
