import { updateBusinessNameSchema } from "@contracts/profile";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { useUpdateBusinessName } from "../api/update-business-name";

const FIELD_ID = "account-business-name";

type BusinessNameForm = z.input<typeof updateBusinessNameSchema>;

/** The name customers see as "by …" on every landing page, and the dashboard's title. */
export function BusinessNameCard({ businessName }: { businessName: string | null }) {
  const update = useUpdateBusinessName();
  const [isSaved, setIsSaved] = useState(false);
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors },
  } = useForm<BusinessNameForm, unknown, z.output<typeof updateBusinessNameSchema>>({
    resolver: zodResolver(updateBusinessNameSchema),
    defaultValues: { businessName: businessName ?? "" },
  });
  const isUnchanged = watch("businessName").trim() === (businessName ?? "");
  const fieldError = errors.businessName?.message;

  const save = handleSubmit((values) => {
    update.mutate(values.businessName, {
      onSuccess: (saved) => {
        reset({ businessName: saved.businessName });
        setIsSaved(true);
      },
    });
  });

  return (
    <Card className="p-5">
      <form
        className="space-y-4"
        onSubmit={(event) => {
          setIsSaved(false);
          return save(event);
        }}
        noValidate
      >
        <div>
          <h2 className="text-base font-semibold text-gray-950">Business</h2>
          <p className="mt-1 text-sm text-gray-600">
            Shown on your landing pages and at the top of your dashboard.
          </p>
        </div>
        <Field id={FIELD_ID} label="Business name" error={fieldError}>
          <Input
            id={FIELD_ID}
            maxLength={120}
            placeholder="e.g. Green Thumb Lawn Care"
            autoComplete="organization"
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${FIELD_ID}-error` : undefined}
            {...register("businessName", { onChange: () => setIsSaved(false) })}
          />
        </Field>
        {update.isError ? (
          <Alert tone="error">
            {errorMessage(update.error, "Could not save your business name. Please try again.")}
          </Alert>
        ) : null}
        <div className="flex items-center gap-3">
          <Button type="submit" disabled={update.isPending || isUnchanged}>
            {update.isPending ? "Saving..." : "Save"}
          </Button>
          <span role="status" className="text-sm text-brand-800">
            {isSaved ? "Saved." : ""}
          </span>
        </div>
      </form>
    </Card>
  );
}
