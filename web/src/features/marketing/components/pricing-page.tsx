import { formatCents } from "@contracts/money";
import { plans } from "@contracts/plans";
import { Check } from "lucide-react";
import { Link } from "react-router";
import { Button, buttonClasses } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";
import { MarketingLayout, SectionHeading } from "./marketing-layout";

const perks: Record<string, string[]> = {
  free: [
    "Unlimited subscriptions and subscribers",
    "Landing page for every plan",
    "Analytics and earnings",
    "Daily payouts",
  ],
  premium: ["Everything in Free", "Lower 5% platform fee", "Custom branding", "Priority support"],
  professional: [
    "Everything in Premium",
    "No platform fee",
    "Team members",
    "Dedicated onboarding",
  ],
};

const faq = [
  {
    q: "How does the platform fee work?",
    a: "On the Free plan we keep 15% of each payment and you keep 85%. There is no monthly charge. Stripe's card processing is included in the fee.",
  },
  {
    q: "When do I get paid?",
    a: "Payments reach your Stripe Express account as they happen and are paid out to your bank every day.",
  },
  {
    q: "Do my customers need an account?",
    a: "No. They subscribe with their name, e-mail and card, and manage their subscription from a private link we e-mail them.",
  },
  {
    q: "Can I change my price later?",
    a: "Yes. New subscribers pay the new price; people already subscribed keep the price they signed up for.",
  },
];

export default function PricingPage() {
  return (
    <MarketingLayout>
      <section className="mx-auto max-w-6xl px-4 py-16">
        <SectionHeading eyebrow="Pricing" title="Start free. Pay only when you get paid." />
        <div className="mt-14 grid gap-6 md:grid-cols-3">
          {plans.map((plan) => (
            <section
              key={plan.id}
              aria-labelledby={`plan-${plan.id}`}
              className={cn(
                "flex flex-col rounded-xl border p-6",
                plan.isAvailable ? "border-brand-600 shadow-sm" : "border-gray-200",
              )}
            >
              <h3 id={`plan-${plan.id}`} className="text-lg font-semibold text-gray-950">
                {plan.name}
              </h3>
              <p className="mt-4">
                <span className="tabular text-4xl font-semibold text-gray-950">
                  {formatCents(plan.monthlyPriceCents)}
                </span>
                <span className="text-sm text-gray-600">/month</span>
              </p>
              <p className="mt-1 text-sm font-medium text-gray-700">
                {plan.feePercent}% platform fee
              </p>
              <ul className="mt-6 flex-1 space-y-2 text-sm text-gray-700">
                {(perks[plan.id] ?? []).map((perk) => (
                  <li key={perk} className="flex gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
                    {perk}
                  </li>
                ))}
              </ul>
              {plan.isAvailable ? (
                <Link
                  to={paths.signIn.getHref("signup")}
                  className={cn(buttonClasses("primary", "md"), "mt-8")}
                >
                  Get Started Free
                </Link>
              ) : (
                <Button variant="secondary" className="mt-8" disabled>
                  Coming Soon
                </Button>
              )}
            </section>
          ))}
        </div>
        <div className="mx-auto mt-20 max-w-3xl">
          <h2 className="text-2xl font-semibold tracking-tight text-gray-950">
            Frequently asked questions
          </h2>
          <div className="mt-6 divide-y divide-gray-200 border-y border-gray-200">
            {faq.map((item) => (
              <details key={item.q} className="group py-4">
                <summary className="cursor-pointer list-none font-medium text-gray-950 marker:hidden">
                  <span className="flex items-center justify-between gap-4">
                    {item.q}
                    <span aria-hidden className="text-gray-500 group-open:rotate-45">
                      +
                    </span>
                  </span>
                </summary>
                <p className="mt-3 text-sm text-gray-600">{item.a}</p>
              </details>
            ))}
          </div>
        </div>
      </section>
    </MarketingLayout>
  );
}
