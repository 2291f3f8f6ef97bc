import type { updateSubscriberEmailSchema } from "@contracts/customer-portal";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { WrappableEmail } from "@/components/wrappable-email";
import { lazyResolver } from "@/lib/lazy-resolver";
import { useHydrated } from "@/lib/use-hydrated";

type EmailForm = z.input<typeof updateSubscriberEmailSchema>;
type SavedEmail = z.output<typeof updateSubscriberEmailSchema>;

// The API's own rule (trimmed, a valid address), loaded when the editor opens.
const emailResolver = lazyResolver<EmailForm, SavedEmail>(() =>
  import("../lib/portal-rules").then((m) => m.emailResolver),
);

/** The e-mail row: read-only until Edit, then an inline form. Cancel restores the stored value. */
export function EmailEditor({
  email,
  canEdit,
  isSaving,
  onSave,
}: {
  email: string;
  canEdit: boolean;
  isSaving: boolean;
  /** Resolves true when saved, so the form knows to close. */
  onSave: (email: string) => Promise<boolean>;
}) {
  const [isEditing, setIsEditing] = useState(false);
  // Drawn by the server: Edit works once React has taken the page over.
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors },
  } = useForm<EmailForm, unknown, SavedEmail>({
    // Said here before a request is made.
    resolver: emailResolver,
    defaultValues: { email },
  });
  const isBlank = watch("email").trim() === "";
  const error = errors.email?.message;

  function startEditing() {
    emailResolver.preload();
    reset({ email });
    setIsEditing(true);
  }

  const save = handleSubmit(async (values) => {
    if (await onSave(values.email)) setIsEditing(false);
  });

  if (isEditing) {
    return (
      <form
        onSubmit={save}
        className="mt-1.5 flex flex-col gap-2 sm:flex-row sm:items-start"
        noValidate
      >
        <div className="min-w-0 flex-1 space-y-1.5">
          <label htmlFor="subscriber-email" className="sr-only">
            Email
          </label>
          <Input
            id="subscriber-email"
            type="email"
            inputMode="email"
            autoComplete="email"
            className="text-base sm:text-sm"
            // The user just asked to edit this field; moving focus there is expected.
            autoFocus
            aria-invalid={Boolean(error)}
            aria-describedby={error ? "subscriber-email-error" : undefined}
            {...register("email")}
          />
          {error ? (
            <p id="subscriber-email-error" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </div>
        <div className="flex gap-2">
          <Button type="submit" className="flex-1 sm:flex-none" disabled={isBlank || isSaving}>
            {isSaving ? "Saving..." : "Save"}
          </Button>
          <Button
            variant="secondary"
            className="flex-1 sm:flex-none"
            disabled={isSaving}
            onClick={() => {
              reset({ email });
              setIsEditing(false);
            }}
          >
            Cancel
          </Button>
        </div>
      </form>
    );
  }

  return (
    <div className="mt-1 flex items-center justify-between gap-3">
      <p className="min-w-0 text-gray-950 [overflow-wrap:anywhere]">
        <WrappableEmail email={email} />
      </p>
      {canEdit ? (
        <Button
          variant="secondary"
          size="sm"
          aria-label="Edit email"
          onClick={startEditing}
          disabled={!hydrated}
        >
          Edit
        </Button>
      ) : null}
    </div>
  );
}
