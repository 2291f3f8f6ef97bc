/**
 * Shares the rounded monthly revenue between offerings so the per-offering amounts add up to
 * the tile (ADR 025) though each one's exact amount may be a fraction of a cent (a weekly price
 * is × 52/12). Largest remainder: each offering gets its exact amount rounded down, and the
 * cents left over go one each to the largest fractions (ties: the order given).
 *
 * `yearlyCents` is each offering's year's worth of cents (exact); `totalCents` is the tile,
 * Σ yearlyCents / 12 rounded once.
 */
export function splitMonthlyRevenue(yearlyCents: readonly number[], totalCents: number): number[] {
  const shares = yearlyCents.map((yearly, index) => {
    const floor = Math.floor(yearly / 12);
    return { index, floor, remainder: yearly - 12 * floor };
  });
  let left = totalCents - shares.reduce((sum, share) => sum + share.floor, 0);
  const result = shares.map((share) => share.floor);
  for (const share of [...shares].sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
    if (left <= 0 || share.remainder === 0) break;
    result[share.index]! += 1;
    left -= 1;
  }
  return result;
}
