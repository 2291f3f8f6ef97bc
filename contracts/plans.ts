export interface Plan {
  id: "free" | "premium" | "professional";
  name: string;
  monthlyPriceCents: number;
  feePercent: number;
  isAvailable: boolean;
}

export const plans: readonly Plan[] = [
  { id: "free", name: "Free", monthlyPriceCents: 0, feePercent: 15, isAvailable: true },
  { id: "premium", name: "Premium", monthlyPriceCents: 19_900, feePercent: 5, isAvailable: false },
  {
    id: "professional",
    name: "Professional",
    monthlyPriceCents: 49_900,
    feePercent: 0,
    isAvailable: false,
  },
];

/**
 * How many subscriptions (offerings) one creator can have: each is a Stripe product on the
 * platform's shared account. The server enforces it; the plan copy says it.
 */
export const MAX_OFFERINGS_PER_CREATOR = 200;

/** Every creator is on Free until paid plans launch. */
export const FREE_PLAN_FEE_PERCENT = 15;
