import { CategoryShowcase } from "./category-showcase";
import { CtaBand } from "./cta-band";
import { FeatureGrid } from "./feature-grid";
import { HomeHero } from "./home-hero";
import { HowItWorks } from "./how-it-works";
import { MarketingLayout } from "./marketing-layout";
import { SampleTestimonials } from "./sample-testimonials";
import { SectionHeading } from "./section-heading";

export default function HomePage() {
  return (
    <MarketingLayout>
      <HomeHero />
      <CategoryShowcase />
      <HowItWorks />
      <section
        aria-labelledby="features-title"
        className="border-y border-gray-200 bg-gray-50 py-20"
      >
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <SectionHeading
            id="features-title"
            eyebrow="Everything included"
            title="Run subscriptions without the busywork"
            lead="The pieces a monthly service business needs, set up for you."
          />
          <div className="mt-12">
            <FeatureGrid />
          </div>
        </div>
      </section>
      <SampleTestimonials />
      <CtaBand />
    </MarketingLayout>
  );
}
