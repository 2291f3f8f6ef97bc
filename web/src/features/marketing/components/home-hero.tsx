import { FREE_PLAN_FEE_PERCENT } from "@contracts/plans";
import { ArrowRight, Sparkles } from "lucide-react";
import { buttonClasses } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { catalogueClaim } from "../lib/catalogue-claim";
import { LandingPreview } from "./previews/landing-preview";

export function HomeHero() {
  return (
    <section aria-labelledby="hero-title" className="overflow-hidden">
      <div className="mx-auto grid max-w-6xl items-center gap-16 px-4 pt-12 pb-20 sm:px-6 md:pt-20 lg:grid-cols-[1.1fr_1fr] lg:pb-28">
        <div className="text-center lg:text-left">
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800">
            <Sparkles className="size-4" aria-hidden />
            {catalogueClaim}
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-3xl font-semibold tracking-tight text-balance text-gray-950 sm:text-4xl"
          >
            Turn your service into steady monthly income
          </h1>
          <p className="mx-auto mt-5 max-w-xl text-base text-pretty text-gray-600 sm:text-xl lg:mx-0">
            Lawn care, dog walking, tutoring, meal kits: sell what you already do as a monthly
            subscription. Get a landing page, card payments and daily payouts in minutes.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <a href={paths.signIn.getHref("signup")} className={buttonClasses("primary", "lg")}>
              Get Started
              <ArrowRight className="size-4" aria-hidden />
            </a>
            <a href={paths.features.getHref()} className={buttonClasses("secondary", "lg")}>
              See how it works
            </a>
          </div>
          <p className="mt-4 text-sm text-gray-600">
            Free to start. No monthly fee, just {FREE_PLAN_FEE_PERCENT}% per payment.
          </p>
        </div>
        <LandingPreview className="mx-auto w-full max-w-md lg:mr-0" />
      </div>
    </section>
  );
}
