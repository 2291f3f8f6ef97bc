import { MAX_OFFERINGS_PER_CREATOR, type Plan } from "@contracts/plans";
import { cardProcessingRate } from "@/lib/plan-words";

export const planTaglines: Record<Plan["id"], string> = {
  free: "Everything you need to launch.",
  premium: "For businesses ready to keep more.",
  professional: "For busy businesses with high volume.",
};

// Only what is true today (ADR 037): a perk appears here once it is built.
export const planPerks: Record<Plan["id"], readonly string[]> = {
  free: [
    `Up to ${MAX_OFFERINGS_PER_CREATOR} subscriptions, unlimited subscribers`,
    "A landing page for every subscription",
    "Secure card payments by Stripe, processing included",
    "Subscriber self-service page",
    "Analytics and earnings",
    "Daily payouts",
  ],
  premium: [
    "Everything in Free",
    "Lower 5% platform fee, card processing included",
    "Billed monthly; change plan or leave anytime",
  ],
  professional: [
    "Everything in Free",
    "No platform fee",
    `Card processing at Stripe's cost: ${cardProcessingRate} per charge`,
    "Billed monthly; change plan or leave anytime",
  ],
};
