import { Hono } from "hono";
import { completeOnboardingSchema } from "../../../contracts/onboarding-options";
import { currentUser, requireCreator } from "../../auth/require-creator";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../http/app-env";
import { validate } from "../../http/validate";
import { saveOnboardingAnswers } from "./onboarding-repository";

export function onboardingRoutes(db: Db) {
  return new Hono<AppEnv>()
    .use(requireCreator())
    .post("/complete", validate("json", completeOnboardingSchema), async (c) => {
      await saveOnboardingAnswers(db, currentUser(c).id, c.req.valid("json"));
      return c.json({ ok: true });
    });
}
