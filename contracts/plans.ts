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

/** Every creator is on Free until paid plans launch. */
export const FREE_PLAN_FEE_PERCENT = 15;
