import {
  type AddCustomServiceTypeRefusal,
  addCustomServiceType,
  categories,
  MAX_SERVICE_TYPE_LENGTH,
} from "@contracts/catalogue";
import { type FormEvent, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input, Select } from "@/components/ui/input";
import { useCustomServiceTypes } from "./custom-service-types";

const refusalMessages: Record<
  AddCustomServiceTypeRefusal,
  { field: "name" | "category"; text: string }
> = {
  empty: { field: "name", text: "Service type name is required" },
  "too-long": {
    field: "name",
    text: `Service type name must be at most ${MAX_SERVICE_TYPE_LENGTH} characters`,
  },
  "unknown-category": { field: "category", text: "Category is required" },
  duplicate: { field: "name", text: "That service type already exists in this category." },
};

interface CustomServiceTypeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The category chosen in the create form, if any, so the creator doesn't pick it twice. */
  initialCategory: string;
  onAdded: (category: string, name: string) => void;
}

/** Nested in the create dialog: adds a service type to a category for this session only. */
export function CustomServiceTypeDialog({
  open,
  onOpenChange,
  initialCategory,
  onAdded,
}: CustomServiceTypeDialogProps) {
  const [custom, setCustom] = useCustomServiceTypes();
  const [name, setName] = useState("");
  const [category, setCategory] = useState(initialCategory);
  const [error, setError] = useState<{ field: "name" | "category"; text: string } | null>(null);

  // Each opening starts clean, on the category the create form already has.
  useEffect(() => {
    if (!open) return;
    setName("");
    setCategory(initialCategory);
    setError(null);
  }, [open, initialCategory]);

  function submit(event: FormEvent) {
    event.preventDefault();
    // The create form is this form's ancestor in React's tree (portals bubble): don't submit it.
    event.stopPropagation();
    const result = addCustomServiceType(custom, category, name);
    if (!result.added) {
      setError(refusalMessages[result.reason ?? "empty"]);
      return;
    }
    setCustom(result.custom);
    onAdded(category, name.trim());
    onOpenChange(false);
  }

  const nameError = error?.field === "name" ? error.text : undefined;
  const categoryError = error?.field === "category" ? error.text : undefined;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Custom Service Type"
      description="Available in this category until you leave or reload the dashboard."
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Field id="custom-type-name" label="Service type name" error={nameError}>
          <Input
            id="custom-type-name"
            value={name}
            maxLength={MAX_SERVICE_TYPE_LENGTH}
            onChange={(event) => setName(event.target.value)}
            placeholder="e.g. Koi Pond Cleaning"
            aria-invalid={Boolean(nameError)}
            aria-describedby={nameError ? "custom-type-name-error" : undefined}
          />
        </Field>
        <Field id="custom-type-category" label="Category" error={categoryError}>
          <Select
            id="custom-type-category"
            value={category}
            onChange={(event) => setCategory(event.target.value)}
            aria-invalid={Boolean(categoryError)}
            aria-describedby={categoryError ? "custom-type-category-error" : undefined}
          >
            <option value="">Choose a category</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit">Add Service Type</Button>
        </div>
      </form>
    </Dialog>
  );
}
