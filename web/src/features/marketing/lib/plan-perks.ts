import { MAX_OFFERINGS_PER_CREATOR, type Plan } from "@contracts/plans";

export const planTaglines: Record<Plan["id"], string> = {
  free: "Everything you need to launch.",
  premium: "For businesses ready to keep more.",
  professional: "For teams with several services.",
};

export const planPerks: Record<Plan["id"], readonly string[]> = {
  free: [
    `Up to ${MAX_OFFERINGS_PER_CREATOR} subscriptions, unlimited subscribers`,
    "A landing page for every subscription",
    "Secure card payments by Stripe",
    "Subscriber self-service page",
    "Analytics and earnings",
    "Daily payouts",
  ],
  premium: [
    "Everything in Free",
    "Lower 5% platform fee",
    "Your logo and brand colour",
    "Priority e-mail support",
  ],
  professional: [
    "Everything in Premium",
    "No platform fee",
    "Team members",
    "Dedicated onboarding",
  ],
};
