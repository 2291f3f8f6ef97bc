import type {
  NotificationSettings,
  UpdateNotificationSettingsInput,
} from "../../../contracts/profile";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/errors";
import { setCreatorNameOnOfferings } from "../offerings/offering-repository";
import {
  findBusinessName,
  findNotificationSettings,
  updateBusinessName,
  updateNotificationSettings,
} from "./profile-repository";

const NO_PROFILE = "Finish setting up your account before changing this.";

/** A new creator gets every e-mail until they switch one off. */
const DEFAULT_NOTIFICATIONS: NotificationSettings = {
  newSubscriber: true,
  cancellation: true,
  paymentFailed: true,
};

/** The name shown as "by …" on offerings: the business name, else the person's own name. */
export async function findCreatorName(db: Db, user: { id: string; name: string }) {
  return (await findBusinessName(db, user.id)) ?? (user.name.trim() || null);
}

/** Renames the business and, in the same transaction, the creator on all of its offerings. */
export async function changeBusinessName(db: Db, userId: string, businessName: string) {
  return db.transaction(async (tx) => {
    const row = await updateBusinessName(tx, userId, businessName);
    if (!row) throw new AppError("conflict", NO_PROFILE);
    await setCreatorNameOnOfferings(tx, userId, row.businessName);
    return row;
  });
}

export async function getNotificationSettings(
  db: Db,
  userId: string,
): Promise<NotificationSettings> {
  return (await findNotificationSettings(db, userId)) ?? DEFAULT_NOTIFICATIONS;
}

export async function changeNotificationSettings(
  db: Db,
  userId: string,
  input: UpdateNotificationSettingsInput,
): Promise<NotificationSettings> {
  const row = await updateNotificationSettings(db, userId, input);
  if (!row) throw new AppError("conflict", NO_PROFILE);
  return row;
}
