import {
  BarChart3,
  CalendarClock,
  CreditCard,
  HeartPulse,
  House,
  Link2,
  PawPrint,
  Star,
  UserCheck,
  UtensilsCrossed,
  Wallet,
} from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { CtaBand, MarketingLayout, SectionHeading } from "./marketing-layout";

const showcase = [
  {
    icon: House,
    name: "Home & Property",
    examples: ["Lawn care", "House cleaning", "Pool maintenance"],
  },
  { icon: PawPrint, name: "Pet Care", examples: ["Dog walking", "Pet grooming", "Poop scooping"] },
  {
    icon: UtensilsCrossed,
    name: "Food & Beverage",
    examples: ["Meal kit delivery", "Coffee subscription", "Bakery box"],
  },
  {
    icon: HeartPulse,
    name: "Health & Wellness",
    examples: ["Personal training", "Yoga classes", "Massage therapy"],
  },
];

const steps = [
  {
    title: "Choose your service",
    text: "Pick from 100+ business ideas across 12 categories, or describe your own.",
  },
  {
    title: "Set your price",
    text: "One monthly price. Change it any time; current subscribers keep theirs.",
  },
  {
    title: "Launch and share",
    text: "Get a landing page with a link to share. Customers subscribe by card in a minute.",
  },
];

export const features = [
  {
    icon: Link2,
    title: "A landing page for every plan",
    text: "A fast, mobile-first page that explains your service and takes payment.",
  },
  {
    icon: CreditCard,
    title: "Secure card payments",
    text: "Payments run on Stripe, with 3-D Secure. Card details never touch our servers.",
  },
  {
    icon: CalendarClock,
    title: "Automatic monthly billing",
    text: "Customers are charged every month. Failed payments are retried for you.",
  },
  {
    icon: UserCheck,
    title: "Self-service for subscribers",
    text: "Customers change their e-mail, update their card or cancel on their own.",
  },
  {
    icon: BarChart3,
    title: "Analytics and earnings",
    text: "See revenue, subscribers and every payment, with fees shown plainly.",
  },
  {
    icon: Wallet,
    title: "Daily payouts",
    text: "Money arrives in your bank account every day through Stripe Express.",
  },
];

const testimonials = [
  {
    quote: "I stopped chasing invoices. My lawn clients pay on the 1st and I just mow.",
    name: "Dana R.",
    business: "Green Thumb Lawn Care (sample)",
  },
  {
    quote: "Twenty dog owners signed up in the first week from one link on my flyer.",
    name: "Marcus T.",
    business: "Happy Tails Walking (sample)",
  },
  {
    quote: "Monthly tutoring packages made my income predictable for the first time.",
    name: "Priya S.",
    business: "Bright Minds Tutoring (sample)",
  },
];

export default function HomePage() {
  return (
    <MarketingLayout>
      <section className="mx-auto max-w-6xl px-4 pt-16 pb-20 text-center md:pt-24">
        <p className="inline-flex rounded-full border border-brand-200 bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800">
          100+ business ideas across 12 categories
        </p>
        <h1 className="mx-auto mt-6 max-w-3xl text-4xl font-semibold tracking-tight text-gray-950 md:text-5xl">
          Turn your service into steady monthly income
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-gray-600">
          Regulars gives lawn care pros, dog walkers, tutors and every small service business a
          subscription page, card payments and daily payouts, in minutes.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to={paths.signIn.getHref("signup")} className={buttonClasses("primary", "lg")}>
            Get Started
          </Link>
          <Link to={paths.pricing.getHref()} className={buttonClasses("secondary", "lg")}>
            See pricing
          </Link>
        </div>
      </section>

      <section aria-labelledby="categories" className="border-y border-gray-200 bg-gray-50 py-20">
        <div className="mx-auto max-w-6xl px-4">
          <SectionHeading
            eyebrow="Built for small services"
            title="What will your regulars subscribe to?"
          />
          <h3 id="categories" className="sr-only">
            Business categories
          </h3>
          <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {showcase.map(({ icon: Icon, name, examples }) => (
              <li key={name} className="rounded-xl border border-gray-200 bg-white p-6">
                <Icon className="size-6 text-brand-700" aria-hidden />
                <p className="mt-4 font-semibold text-gray-950">{name}</p>
                <ul className="mt-2 space-y-1 text-sm text-gray-600">
                  {examples.map((e) => (
                    <li key={e}>{e}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="py-20">
        <div className="mx-auto max-w-6xl px-4">
          <SectionHeading eyebrow="How it works" title="Three steps to your first subscriber" />
          <ol className="mt-12 grid gap-6 md:grid-cols-3">
            {steps.map((step, index) => (
              <li key={step.title} className="rounded-xl border border-gray-200 p-6">
                <span className="flex size-8 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white">
                  {index + 1}
                </span>
                <p className="mt-4 font-semibold text-gray-950">{step.title}</p>
                <p className="mt-2 text-sm text-gray-600">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="border-t border-gray-200 bg-gray-50 py-20">
        <div className="mx-auto max-w-6xl px-4">
          <SectionHeading
            eyebrow="Everything included"
            title="Run subscriptions without the busywork"
          />
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {features.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-xl border border-gray-200 bg-white p-6">
                <Icon className="size-6 text-brand-700" aria-hidden />
                <p className="mt-4 font-semibold text-gray-950">{title}</p>
                <p className="mt-2 text-sm text-gray-600">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="py-20">
        <div className="mx-auto max-w-6xl px-4">
          <SectionHeading
            title="Small businesses, steady months"
            lead="Sample stories that show what Regulars is for."
          />
          <ul className="mt-12 grid gap-6 md:grid-cols-3">
            {testimonials.map((t) => (
              <li key={t.name}>
                <figure className="h-full rounded-xl border border-gray-200 p-6">
                  <div
                    className="flex gap-0.5 text-brand-600"
                    role="img"
                    aria-label="5 out of 5 stars"
                  >
                    {[0, 1, 2, 3, 4].map((i) => (
                      <Star key={i} className="size-4 fill-current" aria-hidden />
                    ))}
                  </div>
                  <blockquote className="mt-4 text-gray-800">“{t.quote}”</blockquote>
                  <figcaption className="mt-4 text-sm text-gray-600">
                    <span className="font-medium text-gray-950">{t.name}</span> · {t.business}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <CtaBand />
    </MarketingLayout>
  );
}
