import { useEffect, useState } from "react";

export interface OnboardingDraft {
  step: number;
  businessName: string;
  businessType: string;
  monthlyRevenue: string;
  goals: string[];
}

const empty: OnboardingDraft = {
  step: 1,
  businessName: "",
  businessType: "",
  monthlyRevenue: "",
  goals: [],
};

function read(key: string): OnboardingDraft {
  try {
    const stored = JSON.parse(sessionStorage.getItem(key) ?? "null") as Partial<OnboardingDraft>;
    if (!stored || typeof stored !== "object") return empty;
    return {
      step: [1, 2, 3, 4].includes(Number(stored.step)) ? Number(stored.step) : 1,
      businessName: typeof stored.businessName === "string" ? stored.businessName : "",
      businessType: typeof stored.businessType === "string" ? stored.businessType : "",
      monthlyRevenue: typeof stored.monthlyRevenue === "string" ? stored.monthlyRevenue : "",
      goals: Array.isArray(stored.goals) ? stored.goals.filter((g) => typeof g === "string") : [],
    };
  } catch {
    return empty;
  }
}

/**
 * The wizard's answers, kept in this tab's session storage per user: a reload in the middle
 * of payment setup must not send the creator back to step 1 with an empty form.
 */
export function useOnboardingDraft(userId: string) {
  const key = `regulars:onboarding-draft:${userId}`;
  const [draft, setDraft] = useState<OnboardingDraft>(() => read(key));
  useEffect(() => {
    try {
      sessionStorage.setItem(key, JSON.stringify(draft));
    } catch {
      // Storage full or disabled: the wizard still works, it just won't survive a reload.
    }
  }, [key, draft]);
  const update = (patch: Partial<OnboardingDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const discard = () => {
    try {
      sessionStorage.removeItem(key);
    } catch {
      // Nothing to clean up.
    }
  };
  return { draft, update, discard };
}
