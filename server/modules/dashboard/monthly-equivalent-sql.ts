import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { cadences, chargesPerYear } from "../../../contracts/cadence";

// Monthly revenue normalises each price by its cadence (docs/metrics.md, contracts/cadence.ts:
// monthlyEquivalent). SQL works in a year's worth of cents, price × charges per year, which is
// a whole number for every cadence, so sums stay exact; only the final figure is divided by 12
// and rounded, once.

/**
 * `price × charges per year` (weekly 52, every 2 weeks 26, monthly 12, every 3 months 4, yearly
 * 1) as a bigint. The CASE is built from the contract's list, so a new cadence is counted the
 * day it is added; the column's CHECK (built from the same list) admits no other value.
 */
export function yearlyCentsSql(priceCents: SQLWrapper, cadence: SQLWrapper): SQL {
  // Literals, not parameters: a parameter in a CASE's THEN would be typed text.
  const arms = cadences.map((c) => sql.raw(`when '${c}' then ${Math.trunc(chargesPerYear(c))}`));
  return sql`(${priceCents}::bigint * case ${cadence} ${sql.join(arms, sql` `)} end)`;
}

/**
 * A year's worth of cents as a month's, rounded once to a cent, half away from zero (numeric
 * `round`, as ARPU always was). Numeric division: bigint / 12 would truncate.
 */
export function monthlyCentsSql(yearlyCents: SQLWrapper): SQL {
  return sql`round((${yearlyCents})::numeric / 12)`;
}
