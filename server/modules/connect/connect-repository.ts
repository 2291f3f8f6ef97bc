import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { connectAccounts } from "../../db/schema/app";

export type ConnectAccountRow = typeof connectAccounts.$inferSelect;

export interface AccountFlags {
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
}

export async function findConnectAccountByUserId(db: Db, userId: string) {
  const [row] = await db.select().from(connectAccounts).where(eq(connectAccounts.userId, userId));
  return row ?? null;
}

/** At most one account per creator: a racing second insert is ignored and the first row wins. */
export async function insertConnectAccount(
  db: Db,
  values: { userId: string; stripeAccountId: string; country: string; currency: string },
) {
  await db.insert(connectAccounts).values(values).onConflictDoNothing();
  return findConnectAccountByUserId(db, values.userId);
}

/** onboarding_completed is derived here and nowhere else: true only when all three flags are. */
export async function updateConnectAccountFlags(
  db: Db,
  stripeAccountId: string,
  flags: AccountFlags,
) {
  const [row] = await db
    .update(connectAccounts)
    .set({
      ...flags,
      onboardingCompleted: flags.chargesEnabled && flags.payoutsEnabled && flags.detailsSubmitted,
      updatedAt: new Date(),
    })
    .where(eq(connectAccounts.stripeAccountId, stripeAccountId))
    .returning();
  return row ?? null;
}
