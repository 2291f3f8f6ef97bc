import { findCategory } from "@contracts/catalogue";
import { centsToDollarsInput, dollarsToCents } from "@contracts/money";
import type { Offering } from "@contracts/offerings";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { useUpdateOffering } from "../api/offerings";
import { type EditOfferingForm, editOfferingFormSchema } from "./offering-form-schema";

export function EditOfferingDialog({
  offering,
  onClose,
  onSaved,
}: {
  offering: Offering;
  onClose: () => void;
  onSaved: () => void;
}) {
  const update = useUpdateOffering();
  const { register, handleSubmit, formState } = useForm<EditOfferingForm>({
    resolver: zodResolver(editOfferingFormSchema),
    defaultValues: {
      title: offering.title,
      description: offering.description,
      price: centsToDollarsInput(offering.priceCents),
    },
  });
  const onSubmit = handleSubmit(async (values) => {
    await update.mutateAsync({
      id: offering.id,
      input: {
        title: values.title.trim(),
        description: values.description.trim(),
        priceCents: dollarsToCents(values.price),
      },
    });
    onSaved();
    onClose();
  });
  const error = (name: keyof EditOfferingForm) => formState.errors[name]?.message;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Edit Subscription">
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <p className="rounded-lg bg-gray-50 px-3 py-2 text-sm text-gray-700">
          {findCategory(offering.category)?.name ?? offering.category} · {offering.subcategory}
          <span className="block text-xs text-gray-500">
            Category and service type can't be changed after creation.
          </span>
        </p>
        <Field id="edit-title" label="Title" error={error("title")}>
          <Input id="edit-title" aria-invalid={Boolean(error("title"))} {...register("title")} />
        </Field>
        <Field id="edit-description" label="Description" error={error("description")}>
          <Textarea
            id="edit-description"
            rows={4}
            aria-invalid={Boolean(error("description"))}
            {...register("description")}
          />
        </Field>
        <Field
          id="edit-price"
          label="Price per month (USD)"
          error={error("price")}
          hint="Changing the price applies to new subscribers. Existing subscribers keep the price they signed up for."
        >
          <Input
            id="edit-price"
            type="number"
            min={0}
            step={0.01}
            inputMode="decimal"
            aria-invalid={Boolean(error("price"))}
            {...register("price")}
          />
        </Field>
        {update.isError ? (
          <Alert tone="error">{errorMessage(update.error, "Failed to update subscription")}</Alert>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? "Saving..." : "Save Changes"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
