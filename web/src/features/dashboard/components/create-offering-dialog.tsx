import { cadenceUnit, DEFAULT_CADENCE } from "@contracts/cadence";
import { categories, findCategory } from "@contracts/catalogue";
import { DEFAULT_MAX_PAUSE_PERIODS } from "@contracts/subscription-control";
import { zodResolver } from "@hookform/resolvers/zod";
import { Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input, Select, Textarea } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { useRequestKeys } from "@/lib/request-keys";
import { useCreateOffering } from "../api/create-offering";
import { BillingFields } from "./billing-fields";
import { CategoryIcon } from "./category-icon";
import { CustomServiceTypeDialog } from "./custom-service-type-dialog";
import { useCustomServiceTypes } from "./custom-service-types";
import { useToast } from "./dashboard-toasts";
import {
  type CreateOfferingFormInput,
  type CreateOfferingFormOutput,
  createOfferingFormSchema,
  emptyServiceDetails,
} from "./offering-form-schema";
import { PriceInput, PricePreview, priceHint } from "./price-input";
import { ServiceDetailsFields } from "./service-details-fields";

const emptyForm: CreateOfferingFormInput = {
  title: "",
  category: "",
  subcategory: "",
  description: "",
  price: "",
  cadence: DEFAULT_CADENCE,
  trialDays: "0",
  maxPausePeriods: String(DEFAULT_MAX_PAUSE_PERIODS),
  ...emptyServiceDetails,
};

interface CreateOfferingDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isPaymentSetupComplete: boolean;
  isCheckingPaymentSetup: boolean;
}

export function CreateOfferingDialog({
  open,
  onOpenChange,
  isPaymentSetupComplete,
  isCheckingPaymentSetup,
}: CreateOfferingDialogProps) {
  const create = useCreateOffering();
  const notify = useToast();
  const [customServiceTypes] = useCustomServiceTypes();
  const [isCustomTypeOpen, setIsCustomTypeOpen] = useState(false);
  // A key per exact request: a retry of what was sent reuses its key (one offering, the same
  // custom URL); a corrected form is a new request. Forgotten when the dialog opens again.
  const { keyFor: requestKeyFor, reset: resetRequestKeys } = useRequestKeys();
  const form = useForm<CreateOfferingFormInput, unknown, CreateOfferingFormOutput>({
    resolver: zodResolver(createOfferingFormSchema),
    defaultValues: emptyForm,
  });
  const { register, handleSubmit, formState, watch, setValue, reset } = form;
  const category = watch("category");
  const cadence = watch("cadence");
  const serviceTypes = [
    ...(findCategory(category)?.serviceTypes ?? []),
    ...(customServiceTypes[category] ?? []),
  ];
  // Pick what was just added (that is why the creator added it), but only once its <option>
  // has rendered: the select is uncontrolled and ignores a value it has no option for.
  const [justAddedServiceType, setJustAddedServiceType] = useState<string | null>(null);
  const hasJustAddedOption =
    justAddedServiceType !== null && serviceTypes.includes(justAddedServiceType);
  useEffect(() => {
    if (!hasJustAddedOption || justAddedServiceType === null) return;
    setValue("subcategory", justAddedServiceType, { shouldValidate: formState.isSubmitted });
    setJustAddedServiceType(null);
  }, [hasJustAddedOption, justAddedServiceType, setValue, formState.isSubmitted]);
  const isCreating = formState.isSubmitting || create.isPending;
  const { reset: resetMutation } = create;

  useEffect(() => {
    if (!open) return;
    reset(emptyForm);
    resetMutation();
    resetRequestKeys();
  }, [open, reset, resetMutation, resetRequestKeys]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const input = {
        title: values.title,
        category: values.category,
        subcategory: values.subcategory,
        description: values.description,
        priceCents: values.price,
        cadence: values.cadence,
        // A free subscription has nothing to try for free.
        trialDays: values.price === 0 ? 0 : values.trialDays,
        maxPausePeriods: values.maxPausePeriods,
        onSite: values.onSite,
        serviceArea: values.serviceArea,
        capacity: values.capacity,
        questions: values.questions,
      };
      const { offering } = await create.mutateAsync({
        idempotencyKey: requestKeyFor(input),
        input,
      });
      notify("success", `“${offering.title}” is live. Copy its public URL to share it.`);
      onOpenChange(false);
    } catch {
      // Shown in the dialog from create.error; the dialog stays open with what was typed.
    }
  });

  const fieldProps = (name: keyof CreateOfferingFormInput) => ({
    "aria-invalid": Boolean(formState.errors[name]),
    "aria-describedby": formState.errors[name] ? `offering-${name}-error` : undefined,
  });
  const fieldError = (name: keyof CreateOfferingFormInput) => formState.errors[name]?.message;

  return (
    <Dialog
      open={open}
      // Closing mid-request would hide the outcome; the request can't be taken back anyway.
      onOpenChange={(next) => (isCreating && !next ? undefined : onOpenChange(next))}
      title="Create New Subscription"
      description="Customers subscribe to it from its public landing page."
      className="max-w-xl"
    >
      <FormProvider {...form}>
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          <Field id="offering-title" label="Title" error={fieldError("title")}>
            <Input
              id="offering-title"
              placeholder="e.g. Weekly Lawn Care"
              maxLength={120}
              {...register("title")}
              {...fieldProps("title")}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="offering-category" label="Category" error={fieldError("category")}>
              <div className="relative">
                <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-gray-500">
                  <CategoryIcon categoryId={category} className="size-4" />
                </span>
                <Select
                  id="offering-category"
                  className="pl-9"
                  {...register("category", {
                    // Spec: changing the category clears the service type.
                    onChange: () => setValue("subcategory", ""),
                  })}
                  {...fieldProps("category")}
                >
                  <option value="">Choose a category</option>
                  {categories.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </Select>
              </div>
            </Field>
            <Field id="offering-subcategory" label="Service Type" error={fieldError("subcategory")}>
              <Select
                id="offering-subcategory"
                disabled={!category}
                {...register("subcategory")}
                {...fieldProps("subcategory")}
              >
                <option value="">
                  {category ? "Choose a service type" : "Choose a category first"}
                </option>
                {serviceTypes.map((type) => (
                  <option key={type} value={type}>
                    {type}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <button
            type="button"
            className="-mt-1 inline-flex items-center gap-1 rounded text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
            onClick={() => setIsCustomTypeOpen(true)}
          >
            <Plus className="size-4" aria-hidden /> Add custom service type
          </button>
          <Field id="offering-description" label="Description" error={fieldError("description")}>
            <Textarea
              id="offering-description"
              rows={4}
              maxLength={2000}
              placeholder="What do subscribers get, and how often?"
              {...register("description")}
              {...fieldProps("description")}
            />
          </Field>
          <BillingFields
            idPrefix="offering"
            chosenCadence={cadence}
            cadence={register("cadence")}
            trialDays={register("trialDays")}
            maxPausePeriods={register("maxPausePeriods")}
          />
          <Field
            id="offering-price"
            label={`Price per ${cadenceUnit(cadence)} (USD)`}
            error={fieldError("price")}
            hint={priceHint(watch("price"))}
          >
            <PriceInput
              id="offering-price"
              {...register("price")}
              {...fieldProps("price")}
              aria-describedby={cn(
                fieldError("price") && "offering-price-error",
                "offering-price-preview",
              )}
            />
          </Field>
          <PricePreview
            id="offering-price-preview"
            typed={watch("price")}
            cadence={cadence}
            trialDays={watch("trialDays")}
          />
          <ServiceDetailsFields idPrefix="offering" />
          {create.isError ? (
            <Alert tone="error">
              {errorMessage(create.error, "Failed to create subscription")}
            </Alert>
          ) : null}
          {/* Made before payment setup is done, an offering waits for Stripe (ADR 024). */}
          {!isPaymentSetupComplete && !isCheckingPaymentSetup ? (
            <Alert tone="info">
              You can create it now: its landing page takes subscriptions once Stripe enables
              payments on your account.
            </Alert>
          ) : null}
          <div className="flex justify-end gap-2 pt-2">
            <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={isCreating}>
              Cancel
            </Button>
            <Button type="submit" disabled={isCreating}>
              {isCreating ? "Creating..." : "Create Subscription"}
            </Button>
          </div>
        </form>
      </FormProvider>
      <CustomServiceTypeDialog
        open={isCustomTypeOpen}
        onOpenChange={setIsCustomTypeOpen}
        initialCategory={category}
        onAdded={(addedCategory, name) => {
          setValue("category", addedCategory, { shouldValidate: formState.isSubmitted });
          setJustAddedServiceType(name);
        }}
      />
    </Dialog>
  );
}
