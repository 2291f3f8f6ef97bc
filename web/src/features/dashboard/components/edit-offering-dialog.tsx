import { cadenceUnit } from "@contracts/cadence";
import { findCategory } from "@contracts/catalogue";
import { centsToDollarsInput } from "@contracts/money-input";
import type { Offering } from "@contracts/offerings";
import { zodResolver } from "@hookform/resolvers/zod";
import { Lock } from "lucide-react";
import { FormProvider, useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { useUpdateOffering } from "../api/update-offering";
import { BillingFields } from "./billing-fields";
import { CategoryIcon } from "./category-icon";
import { useToast } from "./dashboard-toasts";
import {
  type EditOfferingFormInput,
  type EditOfferingFormOutput,
  editOfferingFormSchema,
} from "./offering-form-schema";
import { PriceInput, PricePreview, priceHint } from "./price-input";
import { ServiceDetailsFields } from "./service-details-fields";

interface EditOfferingDialogProps {
  /** Mounted per offering being edited, so the form starts from that offering's values. */
  offering: Offering;
  onClose: () => void;
}

/**
 * Spec: title, description and price; since issue 20 also billing and free trial, since issue 21
 * the longest pause, since issue 22 the service details. Category and service type are fixed
 * at creation.
 */
export function EditOfferingDialog({ offering, onClose }: EditOfferingDialogProps) {
  const update = useUpdateOffering();
  const notify = useToast();
  const form = useForm<EditOfferingFormInput, unknown, EditOfferingFormOutput>({
    resolver: zodResolver(editOfferingFormSchema),
    defaultValues: {
      title: offering.title,
      description: offering.description,
      price: centsToDollarsInput(offering.priceCents),
      cadence: offering.cadence,
      trialDays: String(offering.trialDays),
      maxPausePeriods: String(offering.maxPausePeriods),
      onSite: offering.onSite,
      serviceArea: offering.serviceArea.join(", "),
      capacity: offering.capacity === null ? "" : String(offering.capacity),
      questions: offering.questions.map((question) => ({
        questionId: question.id,
        label: question.label,
        kind: question.kind,
        required: question.required,
        choices: question.choices.join("\n"),
      })),
    },
  });
  const { register, handleSubmit, formState, watch } = form;
  const cadence = watch("cadence");
  const isSaving = formState.isSubmitting || update.isPending;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({
        id: offering.id,
        input: {
          title: values.title,
          description: values.description,
          priceCents: values.price,
          // Sent only when changed: a new cadence makes a new Stripe Price.
          ...(values.cadence === offering.cadence ? {} : { cadence: values.cadence }),
          trialDays: values.price === 0 ? 0 : values.trialDays,
          maxPausePeriods: values.maxPausePeriods,
          onSite: values.onSite,
          serviceArea: values.serviceArea,
          capacity: values.capacity,
          // The whole list: a question left out is deleted (its answers are kept).
          questions: values.questions,
        },
      });
      notify("success", `“${values.title}” saved.`);
      onClose();
    } catch {
      // Shown in the dialog from update.error.
    }
  });

  const fieldProps = (name: keyof EditOfferingFormInput) => ({
    "aria-invalid": Boolean(formState.errors[name]),
    "aria-describedby": formState.errors[name] ? `edit-${name}-error` : undefined,
  });
  const fieldError = (name: keyof EditOfferingFormInput) => formState.errors[name]?.message;

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !isSaving && onClose()}
      title="Edit Subscription"
      className="max-w-xl"
    >
      <FormProvider {...form}>
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          <div className="rounded-lg border border-gray-200 bg-gray-50 px-3 py-2 text-sm">
            <p className="flex items-center gap-2 font-medium text-gray-800">
              <CategoryIcon categoryId={offering.category} className="size-4 text-gray-500" />
              {findCategory(offering.category)?.name ?? offering.category} · {offering.subcategory}
            </p>
            <p className="mt-0.5 flex items-center gap-1.5 text-xs text-gray-600">
              <Lock className="size-3" aria-hidden />
              Category and service type can't be changed after creation.
            </p>
          </div>
          <Field id="edit-title" label="Title" error={fieldError("title")}>
            <Input
              id="edit-title"
              maxLength={120}
              {...register("title")}
              {...fieldProps("title")}
            />
          </Field>
          <Field id="edit-description" label="Description" error={fieldError("description")}>
            <Textarea
              id="edit-description"
              rows={4}
              maxLength={2000}
              {...register("description")}
              {...fieldProps("description")}
            />
          </Field>
          <BillingFields
            idPrefix="edit"
            chosenCadence={cadence}
            cadence={register("cadence")}
            trialDays={register("trialDays")}
            maxPausePeriods={register("maxPausePeriods")}
          />
          <Field
            id="edit-price"
            label={`Price per ${cadenceUnit(cadence)} (USD)`}
            error={fieldError("price")}
            hint={priceHint(watch("price"))}
          >
            <PriceInput
              id="edit-price"
              {...register("price")}
              {...fieldProps("price")}
              aria-describedby={cn(
                fieldError("price") && "edit-price-error",
                "edit-price-preview",
                "edit-price-note",
              )}
            />
          </Field>
          <PricePreview
            id="edit-price-preview"
            typed={watch("price")}
            cadence={cadence}
            trialDays={watch("trialDays")}
          />
          {/* Kept out of the field's hint so it stays visible while the price shows an error. */}
          <p id="edit-price-note" className="-mt-2 text-xs text-gray-600">
            Changing the price, billing or free trial applies to new subscribers. Existing
            subscribers keep the price they signed up for. They are billed as often as before. A new
            pausing limit applies to every pause asked for from now on.
          </p>
          <ServiceDetailsFields idPrefix="edit" />
          {update.isError ? (
            <Alert tone="error">
              {errorMessage(update.error, "Failed to update subscription")}
            </Alert>
          ) : null}
          <div className="flex justify-end gap-2 pt-2">
            <Button variant="secondary" onClick={onClose} disabled={isSaving}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSaving}>
              {isSaving ? "Saving..." : "Save Changes"}
            </Button>
          </div>
        </form>
      </FormProvider>
    </Dialog>
  );
}
