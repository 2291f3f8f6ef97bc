import { features } from "./home-page";
import { CtaBand, MarketingLayout, SectionHeading } from "./marketing-layout";

const details = [
  {
    title: "Landing pages that sell",
    points: [
      "A public page for every subscription, at a link you can share",
      "Designed for phones first",
      "Your description, price and contact details, nothing in the way",
    ],
  },
  {
    title: "Payments and payouts",
    points: [
      "Cards via Stripe, with 3-D Secure when a bank asks for it",
      "You keep 85% on the Free plan; the 15% fee covers everything",
      "Daily payouts to your bank through Stripe Express",
    ],
  },
  {
    title: "Subscribers who manage themselves",
    points: [
      "A private page for each subscriber",
      "They update their e-mail or card, or cancel, without calling you",
      "Cancelled means cancelled: no more charges",
    ],
  },
  {
    title: "Know your numbers",
    points: [
      "Monthly and projected annual revenue",
      "New subscribers this month and per-plan performance",
      "Every payment with its fee and your net",
    ],
  },
];

export default function FeaturesPage() {
  return (
    <MarketingLayout>
      <section className="mx-auto max-w-6xl px-4 py-16">
        <SectionHeading
          eyebrow="Features"
          title="Everything a small service business needs to bill monthly"
          lead="No website to build, no invoices to chase. Set your price and share your link."
        />
        <div className="mt-14 grid gap-6 md:grid-cols-2">
          {details.map((d) => (
            <section key={d.title} className="rounded-xl border border-gray-200 p-6">
              <h3 className="text-lg font-semibold text-gray-950">{d.title}</h3>
              <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-gray-700">
                {d.points.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </section>
          ))}
        </div>
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {features.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <Icon className="mt-1 size-5 shrink-0 text-brand-700" aria-hidden />
              <div>
                <p className="font-medium text-gray-950">{title}</p>
                <p className="mt-1 text-sm text-gray-600">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <CtaBand />
    </MarketingLayout>
  );
}
