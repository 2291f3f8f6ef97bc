import { currentUser } from "../../auth/require-creator";
import type { Db } from "../../db/client";
import { declaredRouter } from "../../http/declared-router";
import {
  getNotificationSettingsRoute,
  updateBusinessNameRoute,
  updateNotificationSettingsRoute,
} from "./profile-api";
import {
  changeBusinessName,
  changeNotificationSettings,
  getNotificationSettings,
} from "./profile-service";

/**
 * The handlers of profile-api.ts, the creator's business profile edited from the dashboard's
 * Account tab; createApp puts the session in front.
 */
export function profileRoutes(db: Db) {
  return declaredRouter()
    .openapi(updateBusinessNameRoute, async (c) => {
      const { businessName } = c.req.valid("json");
      return c.json(await changeBusinessName(db, currentUser(c).id, businessName), 200);
    })
    .openapi(getNotificationSettingsRoute, async (c) =>
      c.json(await getNotificationSettings(db, currentUser(c).id), 200),
    )
    .openapi(updateNotificationSettingsRoute, async (c) =>
      c.json(await changeNotificationSettings(db, currentUser(c).id, c.req.valid("json")), 200),
    );
}
