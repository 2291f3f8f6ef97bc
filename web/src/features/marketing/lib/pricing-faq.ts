import { FREE_PLAN_FEE_PERCENT, type Plan, planById } from "@contracts/plans";
import { cardProcessingRate } from "@/lib/plan-words";

const keepPercent = 100 - FREE_PLAN_FEE_PERCENT;
const premium = planById("premium");
const professional = planById("professional");
/** "$199": the pricing page's whole dollars. */
const wholeDollars = (plan: Plan) => `$${plan.monthlyPriceCents / 100}`;

export const pricingFaq = [
  {
    question: "How does the platform fee work?",
    answer: `On the Free plan there is no monthly charge. We keep ${FREE_PLAN_FEE_PERCENT}% of each payment your subscribers make and you keep ${keepPercent}%. If nobody pays you, you pay nothing. Premium (${wholeDollars(premium)} a month) lowers the fee to ${premium.feePercent}%. Professional (${wholeDollars(professional)} a month) has no platform fee: card processing is passed on at Stripe's cost, ${cardProcessingRate} per charge.`,
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
