import type { Me } from "@contracts/me";
import { type ReactNode, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useCompleteOnboarding } from "../api/complete-onboarding";
import { AllSetStep } from "./all-set-step";
import { BusinessInfoStep } from "./business-info-step";
import { PaymentStep } from "./payment-step";
import { useOnboardingDraft } from "./use-onboarding-draft";
import { WelcomeStep } from "./welcome-step";
import { WizardProgress } from "./wizard-progress";

const STEP_COUNT = 4;
const SAVE_FAILED = "Failed to complete onboarding. Please try again.";

/** The server's message when it sent one; a bare "Request failed (500)" helps nobody. */
function saveErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.code === "unknown") return SAVE_FAILED;
  return errorMessage(error, SAVE_FAILED);
}

interface OnboardingWizardProps {
  me: Me;
  /** The payment setup control for step 3, composed in by the app (features don't import each other). */
  paymentSetup: ReactNode;
  /** Gates Continue on step 3 (spec): the connected account's onboarding_completed. */
  isPaymentSetupComplete: boolean;
  /** After the profile is saved: the app refreshes "me" and goes to the dashboard. */
  onCompleted: () => unknown;
  onSignOut: () => unknown;
}

/** The new creator's four steps: welcome, business info, payments, "You're all set!". */
export function OnboardingWizard({
  me,
  paymentSetup,
  isPaymentSetupComplete,
  onCompleted,
  onSignOut,
}: OnboardingWizardProps) {
  const { draft, update, discard } = useOnboardingDraft(me.user.id);
  const [isSigningOut, setIsSigningOut] = useState(false);
  // Focus follows the step only after the creator has moved; not on the first load.
  const hasNavigated = useRef(false);
  const complete = useCompleteOnboarding(async () => {
    discard();
    await onCompleted();
  });
  const step = draft.step;

  const isBusinessInfoValid =
    draft.businessName.trim() !== "" && draft.businessType !== "" && draft.monthlyRevenue !== "";
  const canContinue = step === 2 ? isBusinessInfoValid : step === 3 ? isPaymentSetupComplete : true;
  // Stripe may take days to verify a creator (live mode): step 3 need not hold them (ADR 024).
  const canFinishLater = step === 3 && !isPaymentSetupComplete;
  const continueHint =
    step === 2 && !isBusinessInfoValid
      ? "Enter your business name and choose a business type and monthly revenue to continue."
      : canFinishLater
        ? "Finish payment setup to continue, or finish it later from your dashboard: subscribers can join once Stripe enables payments."
        : null;

  function goTo(next: number) {
    hasNavigated.current = true;
    complete.reset();
    update({ step: Math.min(Math.max(next, 1), STEP_COUNT) });
    // Step 2 is long: the next step starts at its top, not where the last one was scrolled to.
    window.scrollTo({ top: 0 });
  }

  async function signOut() {
    setIsSigningOut(true);
    try {
      await onSignOut();
    } finally {
      setIsSigningOut(false);
    }
  }

  function getStarted() {
    complete.mutate({
      businessName: draft.businessName.trim(),
      businessType: draft.businessType,
      monthlyRevenue: draft.monthlyRevenue,
      goals: draft.goals,
    });
  }

  const shouldFocus = hasNavigated.current;
  return (
    <div className="min-h-screen bg-gray-50">
      <header className="border-b border-gray-200 bg-white">
        <div className="mx-auto flex h-14 max-w-3xl items-center justify-between gap-4 px-4">
          <span className="font-semibold text-gray-950">Regulars</span>
          <div className="flex min-w-0 items-center gap-3 text-sm text-gray-600">
            <span className="hidden truncate sm:inline">{me.user.email}</span>
            <button
              type="button"
              className="shrink-0 rounded font-medium text-gray-700 underline-offset-4 hover:text-gray-950 hover:underline disabled:text-gray-400"
              onClick={signOut}
              disabled={isSigningOut}
            >
              {isSigningOut ? "Signing out..." : "Sign out"}
            </button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-6 sm:py-10">
        <WizardProgress step={step} total={STEP_COUNT} />

        <section className="mt-6 rounded-xl border border-gray-200 bg-white p-5 shadow-xs sm:mt-8 sm:p-8">
          {step === 1 ? <WelcomeStep shouldFocus={shouldFocus} /> : null}
          {step === 2 ? (
            <BusinessInfoStep draft={draft} onChange={update} shouldFocus={shouldFocus} />
          ) : null}
          {step === 3 ? (
            <PaymentStep paymentSetup={paymentSetup} shouldFocus={shouldFocus} />
          ) : null}
          {step === 3 && complete.isError ? (
            <Alert tone="error" className="mt-4">
              {saveErrorMessage(complete.error)}
            </Alert>
          ) : null}
          {step === 4 ? (
            <AllSetStep
              shouldFocus={shouldFocus}
              isCompleting={complete.isPending}
              error={complete.isError ? saveErrorMessage(complete.error) : null}
              onGetStarted={getStarted}
            />
          ) : null}
        </section>

        <div className="mt-6 flex items-start justify-between gap-4">
          <Button
            variant="secondary"
            onClick={() => goTo(step - 1)}
            disabled={step === 1 || complete.isPending}
          >
            Back
          </Button>
          {step < STEP_COUNT ? (
            <div className="flex flex-col items-end gap-2 text-right">
              <div className="flex flex-wrap justify-end gap-2">
                {canFinishLater ? (
                  <Button
                    variant="secondary"
                    onClick={getStarted}
                    disabled={complete.isPending}
                    aria-describedby="wizard-continue-hint"
                  >
                    {complete.isPending ? "Saving..." : "Finish later"}
                  </Button>
                ) : null}
                <Button
                  onClick={() => goTo(step + 1)}
                  disabled={!canContinue || complete.isPending}
                  aria-describedby={continueHint ? "wizard-continue-hint" : undefined}
                >
                  Continue
                </Button>
              </div>
              {continueHint ? (
                <p id="wizard-continue-hint" className="max-w-xs text-xs text-gray-600">
                  {continueHint}
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
      </main>
    </div>
  );
}
