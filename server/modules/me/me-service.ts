import type { Me } from "../../../contracts/me";
import type { currentUser } from "../../auth/require-creator";
import type { Db } from "../../db/client";
import { findProfileByUserId } from "./me-repository";

type SignedInUser = ReturnType<typeof currentUser>;

/** What the SPA knows about the signed-in creator: the account and its onboarding answers. */
export async function getMe(db: Db, user: SignedInUser): Promise<Me> {
  const profile = await findProfileByUserId(db, user.id);
  return {
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      createdAt: new Date(user.createdAt).toISOString(),
      emailVerified: user.emailVerified,
      // Added by Better Auth's two-factor plugin, which the session type doesn't know about.
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
}
