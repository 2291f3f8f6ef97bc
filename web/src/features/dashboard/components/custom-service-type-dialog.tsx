import { addCustomServiceType, categories } from "@contracts/catalogue";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input, Select } from "@/components/ui/input";

export type CustomServiceTypes = Record<string, string[]>;

/** Adds a service type to a category for this session only (spec); duplicates are refused. */
export function CustomServiceTypeDialog({
  open,
  onOpenChange,
  initialCategory,
  custom,
  onAdded,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialCategory: string;
  custom: CustomServiceTypes;
  onAdded: (custom: CustomServiceTypes, category: string, name: string) => void;
}) {
  const [name, setName] = useState("");
  const [category, setCategory] = useState(initialCategory);
  const [error, setError] = useState<string | null>(null);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    if (!name.trim() || !category) {
      setError("Name and category are required.");
      return;
    }
    const result = addCustomServiceType(custom, category, name);
    if (!result.added) {
      setError("That service type already exists in this category.");
      return;
    }
    onAdded(result.custom, category, name.trim());
    setName("");
    setError(null);
    onOpenChange(false);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add a custom service type"
      description="It is available while you stay signed in on this page."
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Field id="custom-type-name" label="Service type name">
          <Input
            id="custom-type-name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="e.g. Koi pond cleaning"
          />
        </Field>
        <Field id="custom-type-category" label="Category">
          <Select
            id="custom-type-category"
            value={category}
            onChange={(e) => setCategory(e.target.value)}
          >
            <option value="">Choose a category</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        </Field>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit">Add service type</Button>
        </div>
      </form>
    </Dialog>
  );
}
