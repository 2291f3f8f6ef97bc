import type { LucideIcon } from "lucide-react";
import { HeartPulse, House, PawPrint, UtensilsCrossed } from "lucide-react";
import { categoryCount, ideaCount } from "../lib/catalogue-claim";
import { SectionHeading } from "./section-heading";

interface ShowcaseCategory {
  icon: LucideIcon;
  name: string;
  examples: readonly string[];
}

// Names match the onboarding catalogue (contracts/catalogue.ts), kept static so this page stays light.
const categories: readonly ShowcaseCategory[] = [
  {
    icon: House,
    name: "Home & Property",
    examples: ["Lawn Care", "House Cleaning", "Pool Maintenance", "Window Washing"],
  },
  {
    icon: PawPrint,
    name: "Pet Care",
    examples: ["Dog Walking", "Pet Grooming", "Pet Sitting", "Dog Training"],
  },
  {
    icon: UtensilsCrossed,
    name: "Food & Beverage",
    examples: ["Meal Kit Delivery", "Coffee Subscription", "Bakery Box", "Meal Prep"],
  },
  {
    icon: HeartPulse,
    name: "Health & Wellness",
    examples: ["Personal Training", "Yoga Classes", "Massage Therapy", "Nutrition Coaching"],
  },
];

export function CategoryShowcase() {
  return (
    <section
      aria-labelledby="categories-title"
      className="border-y border-gray-200 bg-gray-50 py-20"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="categories-title"
          eyebrow="Built for small services"
          title="What will your regulars subscribe to?"
          lead={`Pick from ${ideaCount} ready-made business ideas across ${categoryCount} categories, or describe your own.`}
        />
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {categories.map(({ icon: Icon, name, examples }) => (
            <li key={name} className="rounded-xl border border-gray-200 bg-white p-6 shadow-xs">
              <span className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <Icon className="size-5" aria-hidden />
              </span>
              <h3 className="mt-4 text-base font-semibold text-gray-950">{name}</h3>
              <ul className="mt-3 space-y-2 text-sm text-gray-600">
                {examples.map((example) => (
                  <li key={example}>{example}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
