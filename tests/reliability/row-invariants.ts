import type { SQL } from "drizzle-orm";
import { sql } from "drizzle-orm";
import type { Db } from "../../server/db/client";

/** Both drivers answer raw SQL with `{ rows }`; the shared Db type can't say so. */
async function rowsOf(db: Db, query: SQL): Promise<unknown[]> {
  const result = (await db.execute(query)) as unknown as { rows: unknown[] };
  return result.rows;
}

/** Rows that must never exist: half-written subscriptions. */
export async function findOrphans(db: Db) {
  const subscribersWithoutPayment = await rowsOf(
    db,
    sql`select s.id from subscribers s left join payment_subscriptions p on p.subscriber_id = s.id where p.id is null`,
  );
  const subscribersWithoutEarnings = await rowsOf(
    db,
    sql`select s.id from subscribers s left join creator_earnings e on e.subscriber_id = s.id where e.id is null`,
  );
  return {
    subscribersWithoutPayment: subscribersWithoutPayment.length,
    subscribersWithoutEarnings: subscribersWithoutEarnings.length,
  };
}

export async function snapshotBilling(db: Db) {
  const rows = await rowsOf(
    db,
    sql`
    select s.id, s.payment_status, s.stripe_subscription_id, p.status, p.current_period_end,
           (select count(*) from creator_earnings e where e.subscriber_id = s.id) as earnings,
           (select coalesce(sum(net_amount_cents), 0) from creator_earnings e where e.subscriber_id = s.id) as net
    from subscribers s join payment_subscriptions p on p.subscriber_id = s.id
    order by s.stripe_subscription_id`,
  );
  return JSON.stringify(rows);
}
