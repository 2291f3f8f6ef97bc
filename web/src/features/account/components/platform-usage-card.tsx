import { formatCents } from "@contracts/money";
import type { CreatorPlan, PaidPlanId } from "@contracts/plan-billing";
import { MAX_OFFERINGS_PER_CREATOR, type PlanId, planById } from "@contracts/plans";
import { Check, CreditCard } from "lucide-react";
import { useEffect, useState } from "react";
import { LoadError } from "@/components/load-error";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { formatDate } from "@/lib/format-date";
import { planFeeTerms, planPrice, planTitle } from "@/lib/plan-words";
import { useCreatorPlan } from "@/lib/shared-queries";
import { useOpenPlanCardPortal } from "../api/plan-billing";
import { cardWords } from "../lib/plan-change-words";
import { BuyPlanDialog } from "./buy-plan-dialog";
import { ChangePlanDialog } from "./change-plan-dialog";
import { PlanInvoices } from "./plan-invoices";

type OpenDialog = { kind: "buy"; plan: PaidPlanId } | { kind: "change"; plan: PlanId | null };

const statuses: Record<Exclude<CreatorPlan["status"], "none">, { label: string; dot: string }> = {
  active: { label: "Active", dot: "bg-brand-600" },
  past_due: { label: "Payment overdue", dot: "bg-red-600" },
};

function PlanSkeleton() {
  return (
    <div role="status" aria-label="Loading your plan" className="space-y-3">
      <div className="flex justify-between">
        <div className="h-5 w-28 animate-pulse rounded bg-gray-100" />
        <div className="h-4 w-20 animate-pulse rounded bg-gray-100" />
      </div>
      {[0, 1, 2, 3].map((row) => (
        <div key={row} className="h-4 w-64 max-w-full animate-pulse rounded bg-gray-100" />
      ))}
      <div className="h-10 w-full animate-pulse rounded-lg bg-gray-100" />
    </div>
  );
}

function PlanFacts({ plan }: { plan: CreatorPlan }) {
  const rows = [
    plan.nextCharge
      ? {
          term: "Next charge",
          value: `${formatDate(plan.nextCharge.at)} · ${formatCents(plan.nextCharge.amountCents)}`,
        }
      : null,
    plan.card ? { term: "Card", value: cardWords(plan.card) } : null,
  ].filter((row) => row !== null);
  if (rows.length === 0) return null;
  return (
    <dl className="divide-y divide-gray-100 border-t border-gray-100 text-sm">
      {rows.map((row) => (
        <div key={row.term} className="flex flex-wrap justify-between gap-x-3 py-2">
          <dt className="text-gray-600">{row.term}</dt>
          <dd className="tabular font-medium text-gray-950">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function PlanDetails({
  plan,
  onBuy,
  onChange,
}: {
  plan: CreatorPlan;
  onBuy: (plan: PaidPlanId) => void;
  onChange: () => void;
}) {
  const cardPortal = useOpenPlanCardPortal();
  const included = [
    `Up to ${MAX_OFFERINGS_PER_CREATOR} subscriptions`,
    "Unlimited subscribers",
    "Analytics included",
    planFeeTerms(plan.plan),
  ];
  return (
    <>
      <p className="flex items-baseline justify-between gap-2">
        <span className="font-medium text-gray-950">{planTitle(plan.plan)}</span>
        <span className="tabular text-sm text-gray-600">{planPrice(plan.plan)}</span>
      </p>
      <ul className="space-y-1.5 text-sm text-gray-700">
        {included.map((item) => (
          <li key={item} className="flex items-start gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
            {item}
          </li>
        ))}
      </ul>
      {plan.paymentProblem ? (
        <Alert tone="error">
          {plan.paymentProblem.message}
          {plan.paymentProblem.nextAttemptAt
            ? ` Stripe tries your card again on ${formatDate(plan.paymentProblem.nextAttemptAt)}.`
            : null}
        </Alert>
      ) : null}
      {plan.scheduledChange ? (
        <Alert tone="warning">
          Changes to {planById(plan.scheduledChange.plan).name} on{" "}
          {formatDate(plan.scheduledChange.at)}
        </Alert>
      ) : null}
      <PlanFacts plan={plan} />
      {plan.status === "none" ? (
        <div className="space-y-2 rounded-lg bg-gray-50 p-3">
          <p className="text-sm text-gray-700">Keep more of every payment with a paid plan.</p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button className="flex-1" onClick={() => onBuy("premium")}>
              Choose Premium
            </Button>
            <Button variant="secondary" className="flex-1" onClick={() => onBuy("professional")}>
              Choose Professional
            </Button>
          </div>
        </div>
      ) : (
        <div className="space-y-2">
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={onChange}>
              Change plan
            </Button>
            <Button
              variant="secondary"
              onClick={() => cardPortal.mutate()}
              disabled={cardPortal.isPending}
            >
              <CreditCard className="size-4" aria-hidden />
              {cardPortal.isPending ? "Opening..." : "Update card"}
            </Button>
          </div>
          {cardPortal.isError ? (
            <Alert tone="error">
              {errorMessage(cardPortal.error, "Could not open the card page. Please try again.")}
            </Alert>
          ) : null}
        </div>
      )}
      {plan.status === "none" && plan.invoices.length === 0 ? null : (
        <PlanInvoices invoices={plan.invoices} />
      )}
    </>
  );
}

/**
 * The Account tab's plan card (issue 23): the plan in force and its terms, its next charge, a
 * change scheduled for the end of the paid month, the card, a failed charge, and the plan's
 * invoices; Free offers Premium and Professional, a paid plan can be changed.
 * `requestedPlan` is the plan the pricing page's button asked for (?plan=…): its dialog opens
 * once the plan is known, and `onRequestSeen` is told.
 */
export function PlatformUsageCard({
  requestedPlan,
  onRequestSeen,
  onNotice,
}: {
  requestedPlan: PaidPlanId | null;
  onRequestSeen: () => void;
  onNotice: (message: string) => void;
}) {
  const creatorPlan = useCreatorPlan();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const plan = creatorPlan.data;

  useEffect(() => {
    if (!requestedPlan || !plan) return;
    onRequestSeen();
    if (plan.status === "none") setDialog({ kind: "buy", plan: requestedPlan });
    // Already paying: the change dialog, on that plan (unless it is the one in force).
    else if (requestedPlan !== plan.plan || plan.scheduledChange) {
      setDialog({ kind: "change", plan: requestedPlan });
    }
  }, [requestedPlan, plan, onRequestSeen]);

  const status = plan && plan.status !== "none" ? statuses[plan.status] : null;
  return (
    <Card className="space-y-4 p-5" role="region" aria-labelledby="platform-usage-heading">
      <div className="flex items-center justify-between gap-3">
        <h2 id="platform-usage-heading" className="text-base font-semibold text-gray-950">
          Platform Usage
        </h2>
        {status ? (
          <span className="inline-flex items-center gap-1.5 text-sm font-medium text-gray-700">
            <span aria-hidden className={cn("size-2 rounded-full", status.dot)} />
            {status.label}
          </span>
        ) : null}
      </div>
      {plan ? (
        <PlanDetails
          plan={plan}
          onBuy={(paid) => setDialog({ kind: "buy", plan: paid })}
          onChange={() => setDialog({ kind: "change", plan: null })}
        />
      ) : creatorPlan.isError ? (
        <LoadError
          what="Your plan"
          onRetry={() => creatorPlan.refetch()}
          isRetrying={creatorPlan.isFetching}
        />
      ) : (
        <PlanSkeleton />
      )}
      <BuyPlanDialog
        open={dialog?.kind === "buy"}
        initialPlan={dialog?.kind === "buy" ? dialog.plan : "premium"}
        onOpenChange={(open) => (open ? undefined : setDialog(null))}
        onBought={(paid) => {
          setDialog(null);
          onNotice(`You're on ${planById(paid).name} now. ${planFeeTerms(paid)}.`);
        }}
      />
      {plan ? (
        <ChangePlanDialog
          open={dialog?.kind === "change"}
          current={plan}
          initialPlan={dialog?.kind === "change" ? dialog.plan : null}
          onOpenChange={(open) => (open ? undefined : setDialog(null))}
          onChanged={(message) => {
            setDialog(null);
            onNotice(message);
          }}
        />
      ) : null}
    </Card>
  );
}
