import type { CreatePromoCodeInput, PromoCode } from "@contracts/promotions";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input, Select } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { useOfferings } from "@/lib/shared-queries";
import { useCreatePromoCode } from "../api/create-promo-code";
import { type PromoCodeFormValues, promoCodeFormSchema } from "./promo-code-form-schema";

const emptyForm: PromoCodeFormValues = {
  code: "",
  kind: "percent",
  percentOff: "",
  amountOff: "",
  duration: "once",
  durationInMonths: "",
  expiresOn: "",
  maxRedemptions: "",
  offeringIds: [],
};

const kinds = [
  { value: "percent", label: "Percent off" },
  { value: "amount", label: "Amount off" },
] as const;

/** Today as the date field writes it, in UTC: a code works until the end of its day (UTC). */
const todayUtc = () => new Date().toISOString().slice(0, 10);

interface CreatePromoCodeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (promoCode: PromoCode) => void;
}

export function CreatePromoCodeDialog({
  open,
  onOpenChange,
  onCreated,
}: CreatePromoCodeDialogProps) {
  const create = useCreatePromoCode();
  const offerings = useOfferings();
  const form = useForm<PromoCodeFormValues, unknown, CreatePromoCodeInput>({
    resolver: zodResolver(promoCodeFormSchema),
    defaultValues: emptyForm,
  });
  const { register, handleSubmit, formState, watch, setValue, reset } = form;
  const kind = watch("kind");
  const duration = watch("duration");
  const chosen = watch("offeringIds");
  const list = offerings.data?.offerings ?? [];
  const isCreating = formState.isSubmitting || create.isPending;
  const { reset: resetMutation } = create;

  // Every subscription is ticked to start with: most codes are for the whole shop.
  const allIds = list.map((offering) => offering.id).join(",");
  useEffect(() => {
    if (!open) return;
    reset({ ...emptyForm, offeringIds: allIds ? allIds.split(",") : [] });
    resetMutation();
  }, [open, allIds, reset, resetMutation]);

  const onSubmit = handleSubmit(async (input) => {
    try {
      const { promoCode } = await create.mutateAsync(input);
      onCreated(promoCode);
      onOpenChange(false);
    } catch {
      // Shown in the dialog from create.error; what was typed stays.
    }
  });

  const errors = formState.errors;
  const fieldProps = (name: keyof PromoCodeFormValues) => ({
    "aria-invalid": Boolean(errors[name]),
    "aria-describedby": errors[name] ? `promo-${name}-error` : undefined,
  });
  const toggleOffering = (id: string, isChecked: boolean) =>
    setValue(
      "offeringIds",
      isChecked ? [...chosen, id] : chosen.filter((candidate) => candidate !== id),
      { shouldValidate: formState.isSubmitted },
    );

  return (
    <Dialog
      open={open}
      // Closing mid-request would hide the outcome.
      onOpenChange={(next) => (isCreating && !next ? undefined : onOpenChange(next))}
      title="Create code"
      description="Customers type it in the subscribe window for a discount."
      className="max-w-xl"
    >
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <Field
          id="promo-code"
          label="Code"
          error={errors.code?.message}
          hint="Letters, digits, dashes or underscores. Customers can type it in any case."
        >
          <Input
            id="promo-code"
            placeholder="e.g. SPRING10"
            autoComplete="off"
            spellCheck={false}
            maxLength={32}
            className="uppercase placeholder:normal-case"
            {...register("code")}
            {...fieldProps("code")}
          />
        </Field>

        <div className="grid items-start gap-4 sm:grid-cols-2">
          <fieldset>
            <legend className="mb-1.5 block text-sm font-medium text-gray-800">Discount</legend>
            <div className="inline-flex rounded-lg border border-gray-300 bg-gray-50 p-0.5">
              {kinds.map((option) => (
                <label
                  key={option.value}
                  className={cn(
                    "cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600",
                    kind === option.value
                      ? "bg-white text-gray-950 shadow-sm"
                      : "text-gray-600 hover:text-gray-950",
                  )}
                >
                  <input
                    type="radio"
                    value={option.value}
                    className="sr-only"
                    {...register("kind")}
                  />
                  {option.label}
                </label>
              ))}
            </div>
          </fieldset>
          {kind === "percent" ? (
            <Field id="promo-percentOff" label="Percent off (%)" error={errors.percentOff?.message}>
              <Input
                id="promo-percentOff"
                inputMode="numeric"
                placeholder="20"
                {...register("percentOff")}
                {...fieldProps("percentOff")}
              />
            </Field>
          ) : (
            <Field
              id="promo-amountOff"
              label="Amount off (USD)"
              error={errors.amountOff?.message}
              hint="Taken off each discounted charge."
            >
              <Input
                id="promo-amountOff"
                inputMode="decimal"
                placeholder="5.00"
                {...register("amountOff")}
                {...fieldProps("amountOff")}
              />
            </Field>
          )}
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="promo-duration" label="Duration" error={errors.duration?.message}>
            <Select id="promo-duration" {...register("duration")} {...fieldProps("duration")}>
              <option value="once">First charge only</option>
              <option value="repeating">For a number of months</option>
              <option value="forever">Forever</option>
            </Select>
          </Field>
          {duration === "repeating" ? (
            <Field
              id="promo-durationInMonths"
              label="Months"
              error={errors.durationInMonths?.message}
              hint="From the day the customer subscribes."
            >
              <Input
                id="promo-durationInMonths"
                inputMode="numeric"
                placeholder="3"
                {...register("durationInMonths")}
                {...fieldProps("durationInMonths")}
              />
            </Field>
          ) : null}
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="promo-expiresOn"
            label="Expiry date (optional)"
            error={errors.expiresOn?.message}
            hint="It works until the end of this day (UTC)."
          >
            <Input
              id="promo-expiresOn"
              type="date"
              min={todayUtc()}
              {...register("expiresOn")}
              {...fieldProps("expiresOn")}
            />
          </Field>
          <Field
            id="promo-maxRedemptions"
            label="Maximum uses (optional)"
            error={errors.maxRedemptions?.message}
            hint="Empty for no limit."
          >
            <Input
              id="promo-maxRedemptions"
              inputMode="numeric"
              {...register("maxRedemptions")}
              {...fieldProps("maxRedemptions")}
            />
          </Field>
        </div>

        <fieldset
          className="space-y-2"
          aria-describedby={errors.offeringIds ? "promo-offeringIds-error" : undefined}
        >
          <legend className="mb-1.5 block text-sm font-medium text-gray-800">
            Subscriptions it applies to
          </legend>
          {offerings.isPending ? (
            <p className="text-sm text-gray-600">Loading your subscriptions...</p>
          ) : offerings.isError && !offerings.data ? (
            <Alert tone="error">
              Your subscriptions could not be loaded.{" "}
              <button
                type="button"
                className="font-medium underline underline-offset-2"
                onClick={() => offerings.refetch()}
              >
                Try again
              </button>
            </Alert>
          ) : list.length === 0 ? (
            <p className="text-sm text-gray-600">
              Create a subscription first: a code works for the subscriptions you choose.
            </p>
          ) : (
            <ul className="max-h-48 space-y-1 overflow-y-auto rounded-lg border border-gray-200 p-2">
              {list.map((offering) => (
                <li key={offering.id}>
                  <label className="flex cursor-pointer items-center gap-2 rounded px-1.5 py-1 text-sm text-gray-900 hover:bg-gray-50">
                    <input
                      type="checkbox"
                      className="size-4 shrink-0 accent-brand-700"
                      checked={chosen.includes(offering.id)}
                      onChange={(event) => toggleOffering(offering.id, event.target.checked)}
                    />
                    <span className="min-w-0 break-words">{offering.title}</span>
                    {offering.isActive ? null : (
                      <span className="shrink-0 text-xs text-gray-500">(inactive)</span>
                    )}
                  </label>
                </li>
              ))}
            </ul>
          )}
          {errors.offeringIds ? (
            <p id="promo-offeringIds-error" className="text-sm text-red-700">
              {errors.offeringIds.message}
            </p>
          ) : null}
        </fieldset>

        {create.isError ? (
          <Alert tone="error">{errorMessage(create.error, "The code could not be created.")}</Alert>
        ) : null}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={isCreating}>
            Cancel
          </Button>
          <Button type="submit" disabled={isCreating}>
            {isCreating ? "Creating..." : "Create code"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
