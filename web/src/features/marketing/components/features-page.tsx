import { FREE_PLAN_FEE_PERCENT } from "@contracts/plans";
import { CtaBand } from "./cta-band";
import { FeatureGrid } from "./feature-grid";
import { FeatureSection } from "./feature-section";
import { MarketingLayout } from "./marketing-layout";
import { AnalyticsPreview } from "./previews/analytics-preview";
import { LandingPreview } from "./previews/landing-preview";
import { PayoutPreview } from "./previews/payout-preview";
import { SubscriberPreview } from "./previews/subscriber-preview";
import { SectionHeading } from "./section-heading";

const keepPercent = 100 - FREE_PLAN_FEE_PERCENT;

export default function FeaturesPage() {
  return (
    <MarketingLayout>
      <div className="px-4 pt-12 pb-16 sm:px-6 md:pt-20">
        <SectionHeading
          as="h1"
          eyebrow="Features"
          title="Everything a small service business needs to bill monthly"
          lead="No website to build, no invoices to chase. Describe your service, set a monthly price and share your link. Regulars handles the rest."
        />
      </div>

      <div className="mx-auto flex max-w-6xl flex-col gap-24 px-4 pb-24 sm:px-6">
        <FeatureSection
          eyebrow="Landing pages"
          title="A page that sells your service while you work"
          lead="Every subscription gets its own public page, designed for the phone your customers will open it on."
          points={[
            "Your title, description, monthly price and what's included",
            "Contact details so customers can reach you",
            "A link you can share anywhere: flyers, texts, social posts",
            "Loads fast, with nothing between your customer and the Subscribe button",
          ]}
          illustration={<LandingPreview />}
        />
        <FeatureSection
          isReversed
          eyebrow="Payments & payouts"
          title={`Keep ${keepPercent}% of every payment, paid daily`}
          lead={`Card payments are processed by Stripe. On the Free plan there is no monthly fee: we keep ${FREE_PLAN_FEE_PERCENT}% of each payment and you keep ${keepPercent}%.`}
          points={[
            "Secure card payments, with 3-D Secure when a bank asks for it",
            "Subscribers are charged automatically every month",
            "Payouts to your bank account every day through Stripe",
            "Set up your payout account in under 5 minutes",
          ]}
          illustration={<PayoutPreview />}
        />
        <FeatureSection
          eyebrow="Subscriber management"
          title="Customers help themselves"
          lead="Subscribers don't need an account. Each one gets a private link to manage their subscription, so you are not the help desk."
          points={[
            "Change the e-mail address on file",
            "Update the card through a secure Stripe page",
            "Cancel in a click: no more charges, no awkward calls",
            "You see every subscriber and their status on your dashboard",
          ]}
          illustration={<SubscriberPreview />}
        />
        <FeatureSection
          isReversed
          eyebrow="Analytics & earnings"
          title="Know your numbers at a glance"
          lead="A dashboard that answers the questions a small business actually asks."
          points={[
            "Monthly revenue and projected annual revenue",
            "Total subscribers and new ones this month",
            "How each subscription is performing",
            "Every payment with its platform fee and your net earnings",
          ]}
          illustration={<AnalyticsPreview />}
        />
      </div>

      <section
        aria-labelledby="all-features-title"
        className="border-y border-gray-200 bg-gray-50 py-20"
      >
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <SectionHeading id="all-features-title" title="All of it included on the Free plan" />
          <div className="mt-12">
            <FeatureGrid />
          </div>
        </div>
      </section>
      <CtaBand title="Ready for customers who come back every month?" />
    </MarketingLayout>
  );
}
