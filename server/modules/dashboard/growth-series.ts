export interface GrowthPoint {
  month: string;
  newSubscribers: number;
  totalSubscribers: number;
  grossRevenueCents: number;
}

/** The first day (UTC) of each of the last `months` months, oldest first, as YYYY-MM-01. */
export function lastMonths(now: Date, months: number): string[] {
  const result: string[] = [];
  for (let i = months - 1; i >= 0; i -= 1) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    result.push(d.toISOString().slice(0, 10));
  }
  return result;
}

/** Fills months without activity with zeros and accumulates the running subscriber total. */
export function buildGrowthSeries(input: {
  months: string[];
  subscribersBefore: number;
  newByMonth: Array<{ month: string; n: number }>;
  grossByMonth: Array<{ month: string; grossCents: number }>;
}): GrowthPoint[] {
  const newMap = new Map(input.newByMonth.map((r) => [r.month, r.n]));
  const grossMap = new Map(input.grossByMonth.map((r) => [r.month, r.grossCents]));
  let running = input.subscribersBefore;
  return input.months.map((month) => {
    const newSubscribers = newMap.get(month) ?? 0;
    running += newSubscribers;
    return {
      month,
      newSubscribers,
      totalSubscribers: running,
      grossRevenueCents: grossMap.get(month) ?? 0,
    };
  });
}
