import {
  type AddCustomServiceTypeRefusal,
  addCustomServiceType,
  categories,
  MAX_SERVICE_TYPE_LENGTH,
} from "@contracts/catalogue";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
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

/**
 * The catalogue's own rule (contracts/catalogue.ts), as a form schema: it refuses with one reason
 * and says it at the field it concerns; a valid form gives the session's new list.
 */
function customServiceTypeFormSchema(custom: Readonly<Record<string, readonly string[]>>) {
  return z.object({ name: z.string(), category: z.string() }).transform((value, ctx) => {
    const result = addCustomServiceType(custom, value.category, value.name);
    if (result.added) return { ...value, name: value.name.trim(), custom: result.custom };
    const { field, text } = refusalMessages[result.reason ?? "empty"];
    ctx.addIssue({ code: "custom", path: [field], message: text });
    return z.NEVER;
  });
}
type CustomServiceTypeFormSchema = ReturnType<typeof customServiceTypeFormSchema>;

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
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<z.input<CustomServiceTypeFormSchema>, unknown, z.output<CustomServiceTypeFormSchema>>(
    {
      resolver: zodResolver(customServiceTypeFormSchema(custom)),
      defaultValues: { name: "", category: initialCategory },
    },
  );

  // Each opening starts clean, on the category the create form already has.
  useEffect(() => {
    if (open) reset({ name: "", category: initialCategory });
  }, [open, initialCategory, reset]);

  const add = handleSubmit((value) => {
    setCustom(value.custom);
    onAdded(value.category, value.name);
    onOpenChange(false);
  });

  const nameError = errors.name?.message;
  const categoryError = errors.category?.message;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Custom Service Type"
      description="Available in this category until you leave or reload the dashboard."
    >
      <form
        onSubmit={(event) => {
          // The create form is this form's ancestor in React's tree (portals bubble): don't submit it.
          event.stopPropagation();
          return add(event);
        }}
        className="space-y-4"
        noValidate
      >
        <Field id="custom-type-name" label="Service type name" error={nameError}>
          <Input
            id="custom-type-name"
            maxLength={MAX_SERVICE_TYPE_LENGTH}
            placeholder="e.g. Koi Pond Cleaning"
            aria-invalid={Boolean(nameError)}
            aria-describedby={nameError ? "custom-type-name-error" : undefined}
            {...register("name")}
          />
        </Field>
        <Field id="custom-type-category" label="Category" error={categoryError}>
          <Select
            id="custom-type-category"
            aria-invalid={Boolean(categoryError)}
            aria-describedby={categoryError ? "custom-type-category-error" : undefined}
            {...register("category")}
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
