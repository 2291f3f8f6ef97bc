import { currentUser } from "../../auth/require-creator";
import type { Db } from "../../db/client";
import { declaredRouter } from "../../http/declared-router";
import { completeOnboardingRoute } from "./onboarding-api";
import { saveOnboardingAnswers } from "./onboarding-repository";

/** The handler of onboarding-api.ts; createApp puts the session in front. */
export function onboardingRoutes(db: Db) {
  return declaredRouter().openapi(completeOnboardingRoute, async (c) => {
    await saveOnboardingAnswers(db, currentUser(c).id, c.req.valid("json"));
    return c.json({ ok: true } as const, 200);
  });
}
