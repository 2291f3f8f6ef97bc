import { type CategoryId, categories, findCategory } from "@contracts/catalogue";
import { dollarsToCents } from "@contracts/money";
import { zodResolver } from "@hookform/resolvers/zod";
import { Plus } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input, Select, Textarea } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { useCreateOffering } from "../api/offerings";
import { CustomServiceTypeDialog, type CustomServiceTypes } from "./custom-service-type-dialog";
import { type CreateOfferingForm, createOfferingFormSchema } from "./offering-form-schema";

interface CreateOfferingDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isPaymentSetupComplete: boolean;
  isCheckingPaymentSetup: boolean;
  customServiceTypes: CustomServiceTypes;
  onCustomServiceTypesChange: (custom: CustomServiceTypes) => void;
  onCreated: (title: string) => void;
}

export function CreateOfferingDialog(props: CreateOfferingDialogProps) {
  const { open, onOpenChange, isPaymentSetupComplete, isCheckingPaymentSetup, customServiceTypes } =
    props;
  const create = useCreateOffering();
  // One key per opening of the dialog: a double click or a retry can't create two.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [isCustomOpen, setIsCustomOpen] = useState(false);
  const form = useForm<CreateOfferingForm>({
    resolver: zodResolver(createOfferingFormSchema),
    defaultValues: { title: "", category: "", subcategory: "", description: "", price: "" },
  });
  const { register, handleSubmit, formState, watch, setValue, reset } = form;
  const category = watch("category");
  const serviceTypes = [
    ...(findCategory(category)?.serviceTypes ?? []),
    ...(customServiceTypes[category] ?? []),
  ];
  const canCreate = isPaymentSetupComplete && !isCheckingPaymentSetup;

  function close(next: boolean) {
    onOpenChange(next);
    if (!next) {
      reset();
      create.reset();
      setIdempotencyKey(crypto.randomUUID());
    }
  }

  const onSubmit = handleSubmit(async (values) => {
    await create.mutateAsync({
      idempotencyKey,
      input: {
        title: values.title.trim(),
        // Checked against the catalogue by the form schema.
        category: values.category as CategoryId,
        subcategory: values.subcategory,
        description: values.description.trim(),
        priceCents: dollarsToCents(values.price),
      },
    });
    props.onCreated(values.title.trim());
    close(false);
  });

  const fieldError = (name: keyof CreateOfferingForm) => formState.errors[name]?.message;
  const invalid = (name: keyof CreateOfferingForm) => ({
    "aria-invalid": Boolean(formState.errors[name]),
    "aria-describedby": formState.errors[name] ? `offering-${name}-error` : undefined,
  });

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Create New Subscription"
      description="Customers subscribe to it monthly from its landing page."
    >
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <Field id="offering-title" label="Title" error={fieldError("title")}>
          <Input
            id="offering-title"
            placeholder="e.g. Weekly Lawn Care"
            {...register("title")}
            {...invalid("title")}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="offering-category" label="Category" error={fieldError("category")}>
            <Select
              id="offering-category"
              {...register("category", { onChange: () => setValue("subcategory", "") })}
              {...invalid("category")}
            >
              <option value="">Choose a category</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="offering-subcategory" label="Service Type" error={fieldError("subcategory")}>
            <Select
              id="offering-subcategory"
              disabled={!category}
              {...register("subcategory")}
              {...invalid("subcategory")}
            >
              <option value="">
                {category ? "Choose a service type" : "Choose a category first"}
              </option>
              {serviceTypes.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <button
          type="button"
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
          onClick={() => setIsCustomOpen(true)}
        >
          <Plus className="size-4" aria-hidden /> Add custom service type
        </button>
        <Field id="offering-description" label="Description" error={fieldError("description")}>
          <Textarea
            id="offering-description"
            rows={4}
            placeholder="What do subscribers get each month?"
            {...register("description")}
            {...invalid("description")}
          />
        </Field>
        <Field id="offering-price" label="Price per month (USD)" error={fieldError("price")}>
          <div className="relative">
            <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-gray-500">
              $
            </span>
            <Input
              id="offering-price"
              type="number"
              min={0}
              step={0.01}
              inputMode="decimal"
              placeholder="0.00"
              className="pl-7"
              {...register("price")}
              {...invalid("price")}
            />
          </div>
        </Field>
        {create.isError ? (
          <Alert tone="error">{errorMessage(create.error, "Failed to create subscription")}</Alert>
        ) : null}
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={!canCreate || formState.isSubmitting}>
            {!canCreate
              ? "Payment Setup Required"
              : formState.isSubmitting
                ? "Creating..."
                : "Create Subscription"}
          </Button>
        </div>
      </form>
      <CustomServiceTypeDialog
        open={isCustomOpen}
        onOpenChange={setIsCustomOpen}
        initialCategory={category}
        custom={customServiceTypes}
        onAdded={(custom, addedCategory, name) => {
          props.onCustomServiceTypesChange(custom);
          setValue("category", addedCategory);
          setValue("subcategory", name);
        }}
      />
    </Dialog>
  );
}
