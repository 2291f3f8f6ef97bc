import type { PublicOffering } from "../../contracts/landing";

/** A landing page's offering as the public API gives it, for tests that draw it offline. */
export function publicOfferingWith(overrides: Partial<PublicOffering> = {}): PublicOffering {
  return {
    id: "00000000-0000-4000-8000-000000000001",
    title: "Weekly Lawn Care",
    description: "Mowing and edging, every week.",
    priceCents: 3000,
    cadence: "month",
    trialDays: 0,
    customUrl: "weekly-lawn-care-3f9a1c2b",
    category: "home-property",
    subcategory: "Lawn Care",
    creatorName: "Green Thumb",
    creatorEmail: null,
    isAcceptingSubscriptions: true,
    onSite: false,
    serviceArea: [],
    questions: [],
    isFull: false,
    ...overrides,
  };
}
