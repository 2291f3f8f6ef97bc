import { type CreatorPlan, changePlanSchema } from "@contracts/plan-billing";
import { type PlanId, planById, planIds } from "@contracts/plans";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ChoiceCards } from "@/components/ui/choice-card";
import { Dialog } from "@/components/ui/dialog";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format-date";
import { planFeeTerms, planPrice } from "@/lib/plan-words";
import { useChangePlan, usePlanChangePreview } from "../api/plan-billing";
import { planChangeAction, planChangedNotice, planChangeSentence } from "../lib/plan-change-words";

type ChangePlanValues = z.infer<typeof changePlanSchema>;

/** The plan the creator will be on once the paid month ends, as things stand. */
const upcomingPlan = (current: CreatorPlan) => current.scheduledChange?.plan ?? current.plan;

function choicesFor(current: CreatorPlan) {
  return planIds.map((id) => {
    const notes = [
      id === current.plan ? "current plan" : null,
      current.scheduledChange?.plan === id && id !== current.plan
        ? `from ${formatDate(current.scheduledChange.at)}`
        : null,
    ].filter(Boolean);
    return {
      value: id,
      label: `${planById(id).name} · ${planPrice(id)}${notes.length ? ` (${notes.join(", ")})` : ""}`,
      hint: planFeeTerms(id),
    };
  });
}

/** The preview of the plan chosen, then the button that makes the change. */
function ChangePlanForm({
  current,
  initialPlan,
  onBusyChange,
  onChanged,
  onCancel,
}: {
  current: CreatorPlan;
  initialPlan: PlanId | null;
  onBusyChange: (isBusy: boolean) => void;
  onChanged: (message: string) => void;
  onCancel: () => void;
}) {
  const change = useChangePlan();
  const { handleSubmit, watch, setValue } = useForm<ChangePlanValues>({
    resolver: zodResolver(changePlanSchema),
    defaultValues: { plan: initialPlan ?? upcomingPlan(current) },
  });
  const plan = watch("plan");
  const isChange = plan !== upcomingPlan(current);
  const preview = usePlanChangePreview(plan, isChange);
  const isPending = change.isPending;

  const submit = handleSubmit((values) => {
    if (!preview.data) return;
    const notice = planChangedNotice(preview.data, current.plan, formatDate);
    onBusyChange(true);
    // An upgrade is charged at the preview's second: exactly what it said.
    change.mutate(
      { plan: values.plan, prorationDate: preview.data.prorationDate },
      {
        onSuccess: () => onChanged(notice),
        onSettled: () => onBusyChange(false),
      },
    );
  });

  return (
    <form onSubmit={submit} className="space-y-4" noValidate aria-busy={isPending}>
      <fieldset disabled={isPending} className="space-y-2">
        <legend className="mb-1.5 block text-sm font-medium text-gray-800">Plan</legend>
        <ChoiceCards
          name="change-plan"
          choices={choicesFor(current)}
          chosen={plan}
          onChoose={(value) => {
            setValue("plan", value);
            change.reset();
          }}
        />
      </fieldset>

      <div aria-live="polite" className="min-h-12">
        {!isChange ? (
          <p className="text-sm text-gray-600">
            {current.scheduledChange
              ? `You move to ${planById(plan).name} on ${formatDate(current.scheduledChange.at)}. Choose ${planById(current.plan).name} to keep it.`
              : `You're on ${planById(plan).name}. Choose another plan to see what changes.`}
          </p>
        ) : preview.isPending ? (
          <p className="text-sm text-gray-600">Checking what changes...</p>
        ) : preview.isError ? (
          <Alert tone="error">
            {errorMessage(preview.error, "Could not check this change. Please try again.")}
          </Alert>
        ) : (
          <Alert tone="info" className="tabular">
            {planChangeSentence(preview.data, current.plan, formatDate)}
          </Alert>
        )}
      </div>

      {change.isError ? (
        <Alert tone="error">
          {errorMessage(change.error, "Could not change your plan. Please try again.")}
        </Alert>
      ) : null}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={!isChange || !preview.data || isPending}>
          {isPending
            ? "Changing plan..."
            : preview.data && isChange
              ? planChangeAction(preview.data, current.plan)
              : "Change plan"}
        </Button>
      </div>
    </form>
  );
}

/**
 * Changing a paid plan (issue 23): up at once (the rest of the month charged now), down or to
 * Free when the paid month ends, or keeping the plan when a change is scheduled.
 */
export function ChangePlanDialog({
  open,
  current,
  initialPlan,
  onOpenChange,
  onChanged,
}: {
  open: boolean;
  current: CreatorPlan;
  initialPlan: PlanId | null;
  onOpenChange: (open: boolean) => void;
  onChanged: (message: string) => void;
}) {
  const [isBusy, setIsBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (isBusy ? undefined : onOpenChange(next))}
      title="Change plan"
      description="Upgrades apply at once. A lower plan, or Free, starts when your paid month ends."
      hideClose={isBusy}
    >
      <ChangePlanForm
        key={initialPlan ?? "upcoming"}
        current={current}
        initialPlan={initialPlan}
        onBusyChange={setIsBusy}
        onChanged={onChanged}
        onCancel={() => onOpenChange(false)}
      />
    </Dialog>
  );
}
