import { Hono } from "hono";
import {
  updateBusinessNameSchema,
  updateNotificationSettingsSchema,
} from "../../../contracts/profile";
import { currentUser, requireCreator } from "../../auth/require-creator";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../http/app-env";
import { validate } from "../../http/validate";
import {
  changeBusinessName,
  changeNotificationSettings,
  getNotificationSettings,
} from "./profile-service";

/** The creator's business profile, edited from the dashboard's Account tab. */
export function profileRoutes(db: Db) {
  return new Hono<AppEnv>()
    .use(requireCreator())
    .patch("/business-name", validate("json", updateBusinessNameSchema), async (c) => {
      const { businessName } = c.req.valid("json");
      return c.json(await changeBusinessName(db, currentUser(c).id, businessName));
    })
    .get("/notifications", async (c) =>
      c.json(await getNotificationSettings(db, currentUser(c).id)),
    )
    .patch("/notifications", validate("json", updateNotificationSettingsSchema), async (c) =>
      c.json(await changeNotificationSettings(db, currentUser(c).id, c.req.valid("json"))),
    );
}
