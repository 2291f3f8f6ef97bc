import type { z } from "zod";
import type { completeOnboardingSchema } from "../../../contracts/onboarding-options";
import type { Db } from "../../db/client";
import { userProfiles } from "../../db/schema/app";

/** Stores the onboarding answers and marks onboarding done; answering again overwrites them. */
export async function saveOnboardingAnswers(
  db: Db,
  userId: string,
  answers: z.infer<typeof completeOnboardingSchema>,
) {
  const values = {
    businessName: answers.businessName,
    businessType: answers.businessType,
    monthlyRevenue: answers.monthlyRevenue,
    goals: answers.goals,
    onboardingCompleted: true,
    updatedAt: new Date(),
  };
  await db
    .insert(userProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userProfiles.userId, set: values });
}
