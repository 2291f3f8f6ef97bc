import { plans } from "@contracts/plans";
import { CtaBand } from "./cta-band";
import { Island } from "./island";
import { MarketingLayout } from "./marketing-layout";
import { PlanCard } from "./plan-card";
import { PricingFaq } from "./pricing-faq";
import { SectionHeading } from "./section-heading";

/**
 * Drawn at build time for visitors without a session (prerender.tsx), and by the SPA for a
 * signed-in creator, whose paid plans' buttons then open the Account tab's buy dialog.
 */
export default function PricingPage({ isSignedIn = false }: { isSignedIn?: boolean }) {
  return (
    <MarketingLayout>
      <div className="pt-12 pb-4 md:pt-20">
        <div className="px-4 sm:px-6">
          <SectionHeading
            as="h1"
            eyebrow="Pricing"
            title="Start free. Pay only when you get paid."
            lead="No setup cost and no monthly fee on the Free plan. Keep more of each payment with Premium or Professional, billed monthly."
          />
        </div>
        <div className="mx-auto mt-14 grid max-w-6xl gap-6 px-4 sm:px-6 md:grid-cols-3">
          {plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} isSignedIn={isSignedIn} />
          ))}
        </div>
        <p className="mx-auto mt-8 max-w-2xl px-4 text-center text-sm text-gray-600">
          Card processing by Stripe. Payouts to your bank account every day.
        </p>
        <div className="mt-24 px-4 sm:px-6">
          <Island name="pricing-faq">
            <PricingFaq />
          </Island>
        </div>
      </div>
      <CtaBand />
    </MarketingLayout>
  );
}
