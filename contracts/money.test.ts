import { describe, expect, it } from "vitest";
import { formatCents, splitPlatformFee } from "./money";

describe("money", () => {
  it("formats cents as US dollars with two decimals", () => {
    expect(formatCents(2500)).toBe("$25.00");
    expect(formatCents(199_900)).toBe("$1,999.00");
  });

  it("splits the platform fee with rounding and net = gross − fee", () => {
    expect(splitPlatformFee(2500, 15)).toEqual({
      grossCents: 2500,
      feePercent: 15,
      feeCents: 375,
      netCents: 2125,
    });
    // 15% of 999 is 149.85 → 150
    expect(splitPlatformFee(999, 15)).toMatchObject({ feeCents: 150, netCents: 849 });
    expect(splitPlatformFee(1000, 0)).toMatchObject({ feeCents: 0, netCents: 1000 });
  });
});
