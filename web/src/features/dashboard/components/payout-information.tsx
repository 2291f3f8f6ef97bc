import { planById } from "@contracts/plans";
import { Link } from "react-router";
import { LoadError } from "@/components/load-error";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { paths } from "@/config/paths";
import { cardProcessingRate, payoutSplit } from "@/lib/plan-words";
import { useCreatorPlan } from "@/lib/shared-queries";

interface PayoutInformationProps {
  isPaymentSetupComplete: boolean;
  isCheckingPaymentSetup: boolean;
  isOpening: boolean;
  onManage: () => void;
}

/**
 * Spec: daily payouts, the share and the fee (85% and 15% on Free; the plan in force's since
 * issue 23); a "Complete Setup" prompt until onboarding is done.
 */
export function PayoutInformation({
  isPaymentSetupComplete,
  isCheckingPaymentSetup,
  isOpening,
  onManage,
}: PayoutInformationProps) {
  const creatorPlan = useCreatorPlan();
  const plan = creatorPlan.data?.plan;
  // Until the plan is known its figures are not shown: a wrong 15% is worse than a dash.
  const split = plan ? payoutSplit(plan) : { share: "—", fee: "—" };
  const rows = [
    { term: "Plan", value: plan ? planById(plan).name : "—" },
    { term: "Payout schedule", value: "Daily" },
    { term: "Your share", value: split.share },
    { term: "Platform fee", value: split.fee },
    ...(plan && planById(plan).passesProcessingThrough
      ? [{ term: "Card processing", value: `${cardProcessingRate} per charge` }]
      : []),
  ];
  return (
    <Card className="flex flex-col p-5">
      <h2 className="text-base font-semibold text-gray-950">Payout Information</h2>
      <dl className="mt-3 divide-y divide-gray-100 text-sm">
        {rows.map((row) => (
          <div key={row.term} className="flex justify-between gap-3 py-2">
            <dt className="text-gray-600">{row.term}</dt>
            <dd className="tabular font-medium text-gray-950">{row.value}</dd>
          </div>
        ))}
      </dl>
      {creatorPlan.isError && !creatorPlan.data ? (
        <LoadError
          what="Your plan"
          className="mt-3"
          onRetry={() => creatorPlan.refetch()}
          isRetrying={creatorPlan.isFetching}
        />
      ) : null}
      {isPaymentSetupComplete || isCheckingPaymentSetup ? (
        <Button
          variant="secondary"
          size="sm"
          className="mt-4 w-full"
          onClick={onManage}
          disabled={!isPaymentSetupComplete || isOpening}
          aria-label="Manage payouts in your Stripe dashboard (opens in a new tab)"
        >
          Manage
        </Button>
      ) : (
        <div className="mt-4 rounded-lg border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900">
          <p>Finish your payment setup to receive daily payouts.</p>
          <Link
            to={paths.dashboard.getHref("settings")}
            className={`${buttonClasses("primary", "sm")} mt-3 w-full`}
          >
            Complete Setup
          </Link>
        </div>
      )}
    </Card>
  );
}
