import { Hono } from "hono";
import type { Me } from "../../../contracts/me";
import { currentUser, requireCreator } from "../../auth/require-creator";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../http/app-env";
import { findProfileByUserId } from "./me-repository";

export function meRoutes(db: Db) {
  return new Hono<AppEnv>().use(requireCreator()).get("/", async (c) => {
    const user = currentUser(c);
    const profile = await findProfileByUserId(db, user.id);
    const body: Me = {
      user: {
        id: user.id,
        email: user.email,
        name: user.name,
        createdAt: new Date(user.createdAt).toISOString(),
        twoFactorEnabled: Boolean((user as { twoFactorEnabled?: boolean }).twoFactorEnabled),
      },
      profile: profile
        ? {
            businessName: profile.businessName,
            businessType: profile.businessType,
            monthlyRevenue: profile.monthlyRevenue,
            goals: profile.goals,
            onboardingCompleted: profile.onboardingCompleted,
          }
        : null,
    };
    return c.json(body);
  });
}
