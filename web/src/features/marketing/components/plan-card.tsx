import type { Plan } from "@contracts/plans";
import { Check } from "lucide-react";
import { buttonClasses } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";
import { planPerks, planTaglines } from "../lib/plan-perks";

// The spec's pricing reads "$0" and "$199 per month": whole dollars, no cents.
const wholeDollars = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});

/**
 * Where a plan's button leads. Free is a sign-up. A paid plan is bought from the Account tab,
 * whose dialog opens on it; a visitor without an account signs up first (the dashboard's
 * address would only send them home).
 */
function callToAction(plan: Plan, isSignedIn: boolean): { href: string; label: string } {
  if (plan.id === "free") {
    return isSignedIn
      ? { href: paths.dashboard.getHref(), label: "Go to Dashboard" }
      : { href: paths.signIn.getHref("signup"), label: "Get Started Free" };
  }
  return {
    href: isSignedIn ? paths.choosePlan.getHref(plan.id) : paths.signIn.getHref("signup"),
    label: `Choose ${plan.name}`,
  };
}

export function PlanCard({ plan, isSignedIn }: { plan: Plan; isSignedIn: boolean }) {
  const headingId = `plan-${plan.id}`;
  const isFree = plan.monthlyPriceCents === 0;
  const action = callToAction(plan, isSignedIn);
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        "relative flex flex-col rounded-xl border bg-white p-6 sm:p-8",
        isFree ? "border-brand-600 shadow-md ring-1 ring-brand-600" : "border-gray-200",
      )}
    >
      <div className="flex items-center justify-between gap-4">
        <h2 id={headingId} className="text-xl font-semibold text-gray-950">
          {plan.name}
        </h2>
        {isFree ? (
          <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-800">
            No monthly fee
          </span>
        ) : null}
      </div>
      <p className="mt-2 text-sm text-gray-600">{planTaglines[plan.id]}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="tabular text-4xl font-semibold tracking-tight text-gray-950">
          {wholeDollars.format(plan.monthlyPriceCents / 100)}
        </span>
        {isFree ? null : <span className="text-sm text-gray-600">per month</span>}
      </p>
      <p className="mt-2 text-sm font-medium text-gray-950">
        <span className="tabular">{plan.feePercent}%</span> platform fee
      </p>
      <a
        href={action.href}
        className={cn(buttonClasses(isFree ? "primary" : "secondary", "md"), "mt-6")}
      >
        {action.label}
      </a>
      <ul className="mt-8 space-y-3 border-t border-gray-200 pt-6 text-sm text-gray-700">
        {planPerks[plan.id].map((perk) => (
          <li key={perk} className="flex gap-3">
            <Check className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
            {perk}
          </li>
        ))}
      </ul>
    </section>
  );
}
