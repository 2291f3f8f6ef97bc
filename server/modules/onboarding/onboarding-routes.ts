import { Hono } from "hono";
import { completeOnboardingSchema } from "../../../contracts/onboarding-options";
import { currentUser, requireCreator } from "../../auth/require-creator";
import type { Db } from "../../db/client";
import { userProfiles } from "../../db/schema/app";
import type { AppEnv } from "../../http/app-env";
import { validate } from "../../http/validate";

export function onboardingRoutes(db: Db) {
  return new Hono<AppEnv>()
    .use(requireCreator())
    .post("/complete", validate("json", completeOnboardingSchema), async (c) => {
      const user = currentUser(c);
      const input = c.req.valid("json");
      const values = {
        businessName: input.businessName,
        businessType: input.businessType,
        monthlyRevenue: input.monthlyRevenue,
        goals: input.goals,
        onboardingCompleted: true,
        updatedAt: new Date(),
      };
      await db
        .insert(userProfiles)
        .values({ userId: user.id, ...values })
        .onConflictDoUpdate({ target: userProfiles.userId, set: values });
      return c.json({ ok: true });
    });
}
