import { FREE_PLAN_FEE_PERCENT } from "@contracts/plans";

const keepPercent = 100 - FREE_PLAN_FEE_PERCENT;

export const pricingFaq = [
  {
    question: "How does the platform fee work?",
    answer: `On the Free plan there is no monthly charge. We keep ${FREE_PLAN_FEE_PERCENT}% of each payment your subscribers make and you keep ${keepPercent}%. If nobody pays you, you pay nothing.`,
  },
  {
    question: "When do I get paid?",
    answer:
      "Every day. Once you have connected your Stripe account, your share of each payment is paid out to your bank account daily.",
  },
  {
    question: "Do my customers need an account?",
    answer:
      "No. Customers subscribe with their name, e-mail and card. Afterwards they manage their subscription from a private link: they can change their e-mail, update their card or cancel.",
  },
  {
    question: "Can I change my price later?",
    answer:
      "Yes. You can edit a subscription's price, description and details from your dashboard at any time.",
  },
] as const;
