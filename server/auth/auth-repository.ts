import { and, eq, isNull, lt, ne, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { session, twoFactor, user } from "../db/schema/auth";

// Queries of our own on better-auth's tables; better-auth's adapter runs the rest.

export async function isTwoFactorEnabled(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ isEnabled: user.twoFactorEnabled })
    .from(user)
    .where(eq(user.id, userId));
  return row?.isEnabled === true;
}

export async function deleteSessionsOpenedBefore(db: Db, userId: string, moment: Date) {
  await db.delete(session).where(and(eq(session.userId, userId), lt(session.createdAt, moment)));
}

export async function deleteSessionsOtherThan(db: Db, userId: string, keptToken: string) {
  await db.delete(session).where(and(eq(session.userId, userId), ne(session.token, keptToken)));
}

/** The user's stored (encrypted) TOTP secret, if two-factor is set up. */
export async function findTotpSecret(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ secret: twoFactor.secret })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId));
  return row?.secret ?? null;
}

/**
 * Records `step` as the user's last used TOTP step, only if it is later than the one recorded:
 * one conditional update, so of two racing claims of one step only one succeeds.
 */
export async function claimTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const claimed = await db
    .update(twoFactor)
    .set({ lastUsedTotpStep: step })
    .where(
      and(
        eq(twoFactor.userId, userId),
        or(isNull(twoFactor.lastUsedTotpStep), lt(twoFactor.lastUsedTotpStep, step)),
      ),
    )
    .returning({ id: twoFactor.id });
  return claimed.length > 0;
}
