import {
  CalendarCheck,
  Headphones,
  type LucideIcon,
  RefreshCw,
  Settings2,
  ShieldCheck,
  UserX,
} from "lucide-react";

// The spec's fixed six lines: the same on every landing page, whatever the offering.
const benefits: { icon: LucideIcon; text: string }[] = [
  { icon: RefreshCw, text: "Cancel anytime" },
  { icon: ShieldCheck, text: "Secure payments by Stripe" },
  { icon: Settings2, text: "Manage your subscription online" },
  { icon: UserX, text: "No account needed" },
  { icon: CalendarCheck, text: "Monthly billing, no surprises" },
  { icon: Headphones, text: "Direct support from the provider" },
];

export function BenefitList() {
  return (
    <section
      aria-labelledby="benefits-heading"
      className="mx-auto max-w-3xl px-4 pt-4 pb-10 sm:pt-6 sm:pb-14"
    >
      <h2 id="benefits-heading" className="text-lg font-semibold text-gray-950">
        What you get
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {benefits.map(({ icon: Icon, text }) => (
          <li
            key={text}
            className="flex items-center gap-3 rounded-lg border border-gray-200 bg-white px-4 py-3 text-sm text-gray-800"
          >
            <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50">
              <Icon className="size-4 text-brand-700" aria-hidden />
            </span>
            {text}
          </li>
        ))}
      </ul>
    </section>
  );
}
