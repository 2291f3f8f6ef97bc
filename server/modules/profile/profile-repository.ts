import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { userProfiles } from "../../db/schema/app";

export async function findBusinessName(db: Db, userId: string) {
  const [row] = await db
    .select({ businessName: userProfiles.businessName })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId));
  return row?.businessName ?? null;
}

/** Returns null when the creator has no profile yet (onboarding not finished). */
export async function updateBusinessName(db: Db, userId: string, businessName: string) {
  const [row] = await db
    .update(userProfiles)
    .set({ businessName, updatedAt: new Date() })
    .where(eq(userProfiles.userId, userId))
    .returning({ businessName: userProfiles.businessName });
  return row ?? null;
}

const notificationColumns = {
  newSubscriber: userProfiles.notifyNewSubscriber,
  cancellation: userProfiles.notifyCancellation,
  paymentFailed: userProfiles.notifyPaymentFailed,
};

export async function findNotificationSettings(db: Db, userId: string) {
  const [row] = await db
    .select(notificationColumns)
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId));
  return row ?? null;
}

export async function updateNotificationSettings(
  db: Db,
  userId: string,
  values: { newSubscriber?: boolean; cancellation?: boolean; paymentFailed?: boolean },
) {
  const [row] = await db
    .update(userProfiles)
    .set({
      notifyNewSubscriber: values.newSubscriber,
      notifyCancellation: values.cancellation,
      notifyPaymentFailed: values.paymentFailed,
      updatedAt: new Date(),
    })
    .where(eq(userProfiles.userId, userId))
    .returning(notificationColumns);
  return row ?? null;
}
