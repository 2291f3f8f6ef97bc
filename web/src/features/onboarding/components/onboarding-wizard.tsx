import type { Me } from "@contracts/me";
import { businessTypes, goals, monthlyRevenueBands } from "@contracts/onboarding-options";
import {
  BarChart3,
  CheckCircle2,
  CreditCard,
  Lock,
  Rocket,
  Sparkles,
  Timer,
  Users,
} from "lucide-react";
import { type ReactNode, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { useCompleteOnboarding } from "../api/complete-onboarding";
import { OptionCard } from "./option-card";

const STEPS = 4;

interface OnboardingWizardProps {
  me: Me;
  /** The payment setup control, composed in by the app (features don't import each other). */
  paymentSetup: ReactNode;
  isPaymentSetupComplete: boolean;
  onCompleted: () => unknown;
  onSignOut: () => void;
}

function Benefit({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <li className="flex gap-4 rounded-lg border border-gray-200 p-4">
      <span className="text-brand-700">{icon}</span>
      <div>
        <p className="font-medium text-gray-950">{title}</p>
        <p className="text-sm text-gray-600">{text}</p>
      </div>
    </li>
  );
}

export function OnboardingWizard({
  me,
  paymentSetup,
  isPaymentSetupComplete,
  onCompleted,
  onSignOut,
}: OnboardingWizardProps) {
  const [step, setStep] = useState(1);
  const [businessName, setBusinessName] = useState("");
  const [businessType, setBusinessType] = useState("");
  const [monthlyRevenue, setMonthlyRevenue] = useState("");
  const [selectedGoals, setSelectedGoals] = useState<string[]>([]);
  const complete = useCompleteOnboarding(onCompleted);

  const canContinue =
    step === 2
      ? businessName.trim() !== "" && businessType !== "" && monthlyRevenue !== ""
      : step === 3
        ? isPaymentSetupComplete
        : true;

  function finish() {
    complete.mutate({
      businessName: businessName.trim(),
      businessType,
      monthlyRevenue,
      goals: selectedGoals,
    });
  }

  return (
    <div className="min-h-screen bg-gray-50">
      <header className="border-b border-gray-200 bg-white">
        <div className="mx-auto flex h-14 max-w-3xl items-center justify-between px-4">
          <span className="font-semibold">Regulars</span>
          <div className="flex items-center gap-3 text-sm text-gray-600">
            <span className="hidden sm:inline">{me.user.email}</span>
            <button
              type="button"
              className="font-medium text-gray-700 hover:text-gray-950"
              onClick={onSignOut}
            >
              Sign out
            </button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-10">
        <p className="text-sm font-medium text-gray-600">
          Step {step} of {STEPS}
        </p>
        <div className="mt-2 h-1.5 rounded-full bg-gray-200" aria-hidden>
          <div
            className="h-1.5 rounded-full bg-brand-600 transition-all"
            style={{ width: `${(step / STEPS) * 100}%` }}
          />
        </div>

        <section className="mt-8 rounded-xl border border-gray-200 bg-white p-6 shadow-xs sm:p-8">
          {step === 1 ? (
            <>
              <h1 className="text-2xl font-semibold tracking-tight">Welcome to Regulars!</h1>
              <p className="mt-2 text-gray-600">
                Let's get your subscription business ready. It takes a few minutes.
              </p>
              <ul className="mt-6 space-y-3">
                <Benefit
                  icon={<Sparkles className="size-5" aria-hidden />}
                  title="Easy setup"
                  text="Create a subscription and its landing page in minutes."
                />
                <Benefit
                  icon={<Users className="size-5" aria-hidden />}
                  title="Grow your audience"
                  text="Share one link; customers subscribe without an account."
                />
                <Benefit
                  icon={<BarChart3 className="size-5" aria-hidden />}
                  title="Maximize revenue"
                  text="Predictable monthly income, with analytics to grow it."
                />
              </ul>
            </>
          ) : null}

          {step === 2 ? (
            <div className="space-y-6">
              <div>
                <h1 className="text-2xl font-semibold tracking-tight">
                  Tell us about your business
                </h1>
                <p className="mt-2 text-gray-600">This helps us tailor Regulars to you.</p>
              </div>
              <Field id="business-name" label="Business name">
                <Input
                  id="business-name"
                  value={businessName}
                  placeholder="e.g. Green Thumb Lawn Care"
                  onChange={(e) => setBusinessName(e.target.value)}
                />
              </Field>
              <fieldset>
                <legend className="text-sm font-medium text-gray-800">Business type</legend>
                <div className="mt-2 grid gap-2 sm:grid-cols-2">
                  {businessTypes.map((t) => (
                    <OptionCard
                      key={t.id}
                      type="radio"
                      name="business-type"
                      value={t.id}
                      checked={businessType === t.id}
                      onChange={() => setBusinessType(t.id)}
                    >
                      {t.label}
                    </OptionCard>
                  ))}
                </div>
              </fieldset>
              <fieldset>
                <legend className="text-sm font-medium text-gray-800">Monthly revenue</legend>
                <div className="mt-2 grid gap-2 sm:grid-cols-2">
                  {monthlyRevenueBands.map((b) => (
                    <OptionCard
                      key={b.id}
                      type="radio"
                      name="monthly-revenue"
                      value={b.id}
                      checked={monthlyRevenue === b.id}
                      onChange={() => setMonthlyRevenue(b.id)}
                    >
                      {b.label}
                    </OptionCard>
                  ))}
                </div>
              </fieldset>
              <fieldset>
                <legend className="text-sm font-medium text-gray-800">
                  Goals (optional, choose any)
                </legend>
                <div className="mt-2 grid gap-2 sm:grid-cols-2">
                  {goals.map((g) => (
                    <OptionCard
                      key={g.id}
                      type="checkbox"
                      name="goals"
                      value={g.id}
                      checked={selectedGoals.includes(g.id)}
                      onChange={(checked) =>
                        setSelectedGoals((current) =>
                          checked ? [...current, g.id] : current.filter((id) => id !== g.id),
                        )
                      }
                    >
                      {g.label}
                    </OptionCard>
                  ))}
                </div>
              </fieldset>
            </div>
          ) : null}

          {step === 3 ? (
            <div className="space-y-6">
              <div>
                <h1 className="text-2xl font-semibold tracking-tight">Set up payments</h1>
                <p className="mt-2 text-gray-600">
                  Connect a Stripe account to get paid. Payouts arrive daily.
                </p>
              </div>
              <ul className="grid gap-3 sm:grid-cols-3">
                <Benefit
                  icon={<Lock className="size-5" aria-hidden />}
                  title="Secure processing"
                  text="Payments are handled by Stripe."
                />
                <Benefit
                  icon={<Timer className="size-5" aria-hidden />}
                  title="Fast setup"
                  text="Under 5 minutes."
                />
                <Benefit
                  icon={<CreditCard className="size-5" aria-hidden />}
                  title="All major cards"
                  text="Visa, Mastercard, Amex and more."
                />
              </ul>
              {paymentSetup}
            </div>
          ) : null}

          {step === 4 ? (
            <div className="space-y-6 text-center">
              <CheckCircle2 className="mx-auto size-12 text-brand-600" aria-hidden />
              <h1 className="text-2xl font-semibold tracking-tight">You're all set!</h1>
              <ul className="mx-auto max-w-md space-y-3 text-left">
                <Benefit
                  icon={<Rocket className="size-5" aria-hidden />}
                  title="Create your first product"
                  text="Add a subscription with a title, a service type and a monthly price."
                />
                <Benefit
                  icon={<Users className="size-5" aria-hidden />}
                  title="Invite your first subscribers"
                  text="Share your landing page link with your customers."
                />
              </ul>
              {complete.isError ? (
                <Alert tone="error">
                  {errorMessage(complete.error, "Failed to complete onboarding. Please try again.")}
                </Alert>
              ) : null}
              <Button size="lg" onClick={finish} disabled={complete.isPending}>
                {complete.isPending ? "Completing..." : "Get Started"}
              </Button>
            </div>
          ) : null}
        </section>

        <div className="mt-6 flex justify-between">
          <Button variant="secondary" onClick={() => setStep(step - 1)} disabled={step === 1}>
            Back
          </Button>
          {step < STEPS ? (
            <Button onClick={() => setStep(step + 1)} disabled={!canContinue}>
              Continue
            </Button>
          ) : null}
        </div>
      </main>
    </div>
  );
}
