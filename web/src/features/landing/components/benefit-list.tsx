import type { Cadence } from "@contracts/cadence";
import {
  CalendarCheck,
  CreditCard,
  Headphones,
  type LucideIcon,
  RefreshCw,
  Settings2,
  ShieldCheck,
  UserX,
} from "lucide-react";
import { billingBenefit } from "@/lib/price-words";

/**
 * The spec's six lines, each kept true of the offering: a free one takes no card and bills
 * nothing, and "direct support" is promised only where the provider's contact is shown.
 */
function benefitsOf({
  isFree,
  cadence,
  hasProviderContact,
}: {
  isFree: boolean;
  cadence: Cadence;
  hasProviderContact: boolean;
}): { icon: LucideIcon; text: string }[] {
  return [
    { icon: RefreshCw, text: "Cancel anytime" },
    isFree
      ? { icon: CreditCard, text: "No card needed" }
      : { icon: ShieldCheck, text: "Secure payments by Stripe" },
    { icon: Settings2, text: "Manage your subscription online" },
    { icon: UserX, text: "No account needed" },
    isFree
      ? { icon: CalendarCheck, text: "Free, with nothing to pay" }
      : { icon: CalendarCheck, text: billingBenefit(cadence) },
    ...(hasProviderContact ? [{ icon: Headphones, text: "Direct support from the provider" }] : []),
  ];
}

export function BenefitList(props: {
  isFree: boolean;
  cadence: Cadence;
  hasProviderContact: boolean;
}) {
  return (
    <section
      aria-labelledby="benefits-heading"
      className="mx-auto max-w-3xl px-4 pt-4 pb-10 sm:pt-6 sm:pb-14"
    >
      <h2 id="benefits-heading" className="text-lg font-semibold text-gray-950">
        What you get
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {benefitsOf(props).map(({ icon: Icon, text }) => (
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
