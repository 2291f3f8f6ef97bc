import { SectionHeading } from "./section-heading";

const steps = [
  {
    title: "Choose your service",
    text: "Start from a business idea in our catalogue or describe your own. We suggest what to include.",
  },
  {
    title: "Set your price",
    text: "One monthly price in dollars. You can edit it, and your description, whenever you like.",
  },
  {
    title: "Launch and share",
    text: "Connect Stripe, publish your landing page and share the link. Customers subscribe in a minute.",
  },
] as const;

export function HowItWorks() {
  return (
    <section aria-labelledby="steps-title" className="py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="steps-title"
          eyebrow="How it works"
          title="Three steps to your first subscriber"
        />
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="relative rounded-xl border border-gray-200 p-6">
              <span
                className="tabular flex size-8 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-base font-semibold text-gray-950">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-sm text-gray-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
