import { SectionHeading } from "./section-heading";

// Invented people and businesses: the product is new, so no quote may pass as a real customer's.
const testimonials = [
  {
    quote: "I stopped chasing invoices. My lawn clients pay on the 1st and I just mow.",
    name: "Dana R.",
    business: "Green Thumb Lawn Co.",
    initials: "DR",
  },
  {
    quote: "Twenty dog owners signed up in the first week from one link on my flyer.",
    name: "Marcus T.",
    business: "Happy Tails Walking",
    initials: "MT",
  },
  {
    quote: "Monthly tutoring packages made my income predictable for the first time.",
    name: "Priya S.",
    business: "Bright Minds Tutoring",
    initials: "PS",
  },
] as const;

export function SampleTestimonials() {
  return (
    <section aria-labelledby="testimonials-title" className="py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="testimonials-title"
          eyebrow="What steady months sound like"
          title="Built for people who do the work"
          lead="Sample testimonials: the names and businesses below are illustrative."
        />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {testimonials.map((item) => (
            <li key={item.name}>
              <figure className="flex h-full flex-col rounded-xl border border-gray-200 bg-white p-6">
                <blockquote className="flex-1 text-base text-gray-800">
                  <p>“{item.quote}”</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span
                    className="flex size-10 items-center justify-center rounded-full bg-gray-100 text-sm font-semibold text-gray-700"
                    aria-hidden="true"
                  >
                    {item.initials}
                  </span>
                  <span className="text-sm">
                    <span className="block font-medium text-gray-950">{item.name}</span>
                    <span className="block text-gray-600">{item.business} · sample</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
