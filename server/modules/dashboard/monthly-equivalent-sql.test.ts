import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Cadence, cadences, monthlyEquivalent } from "../../../contracts/cadence";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { type Database, openDatabase } from "../../db/client";
import { monthlyCentsSql, yearlyCentsSql } from "./monthly-equivalent-sql";

// The SQL must agree with the contract's monthlyEquivalent for every cadence it lists. Pure
// expressions: a database with no tables (PGlite, or PostgreSQL in its CI pass) is enough.

let testDatabase: TestDatabase;
let database: Database;

beforeAll(async () => {
  testDatabase = await createTestDatabase({ empty: true });
  database = await openDatabase(testDatabase.target);
});

afterAll(async () => {
  await database.close();
  await testDatabase.drop();
});

async function monthlyCentsOf(rows: { cents: number; cadence: Cadence }[]) {
  const values = sql.join(
    rows.map((r) => sql`(${r.cents}::integer, ${r.cadence}::text)`),
    sql`, `,
  );
  const yearly = yearlyCentsSql(sql.raw("price"), sql.raw("cadence"));
  const result = await database.db.execute(
    sql`select ${monthlyCentsSql(sql`sum(${yearly})`)} as cents from (values ${values}) as t(price, cadence)`,
  );
  const [row] = (result as unknown as { rows: { cents: string | number }[] }).rows;
  return Number(row!.cents);
}

describe("monthly equivalents in SQL", () => {
  it.each([
    ["week", 1200, 5200],
    ["two_weeks", 4500, 9750],
    ["month", 2500, 2500],
    ["three_months", 9000, 3000],
    ["year", 30_000, 2500],
  ] as const)("count a %s price of %i cents as %i a month", async (cadence, cents, monthly) => {
    expect(await monthlyCentsOf([{ cents, cadence }])).toBe(monthly);
  });

  it("cover every cadence of the contract, as monthlyEquivalent does", async () => {
    for (const cadence of cadences) {
      expect(await monthlyCentsOf([{ cents: 1200, cadence }])).toBe(
        monthlyEquivalent(1200, cadence),
      );
    }
  });

  it("sum exactly and round once, half away from zero", async () => {
    // 2 × 1001 × 52/12 = 8675.333…: once, 8675 (each rounded first would be 8676).
    expect(
      await monthlyCentsOf([
        { cents: 1001, cadence: "week" },
        { cents: 1001, cadence: "week" },
      ]),
    ).toBe(8675);
    expect(await monthlyCentsOf([{ cents: 30_006, cadence: "year" }])).toBe(2501); // 2500.5
    expect(await monthlyCentsOf([{ cents: 6, cadence: "year" }])).toBe(1); // 0.5
  });
});
