import { deleteAccountSchema } from "@contracts/account";
import { confirmingPasswordSchema, totpCodeSchema } from "@contracts/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useDeleteAccount } from "../api/delete-account";
import { TotpCodeField } from "./totp-code-field";

const MISMATCH = "User ID does not match. Please type your exact User ID to confirm.";
const DELETE_FAILED = "Failed to delete account. Please try again.";

/** The API's fields (contracts/account.ts), checked here against this account before sending. */
function deleteAccountFormSchema(userId: string, isTwoFactorEnabled: boolean) {
  return z.object({
    // Exact, as the spec says: no trimming, no case folding.
    confirmUserId: deleteAccountSchema.shape.confirmUserId.refine(
      (typed) => typed === userId,
      MISMATCH,
    ),
    password: confirmingPasswordSchema("Enter your password"),
    // Without two-factor authentication there is no code to send.
    totpCode: isTwoFactorEnabled ? totpCodeSchema : z.string().transform(() => undefined),
  });
}
type DeleteAccountFormSchema = ReturnType<typeof deleteAccountFormSchema>;
type DeleteAccountForm = z.input<DeleteAccountFormSchema>;

const emptyForm: DeleteAccountForm = { confirmUserId: "", password: "", totpCode: "" };

interface DeleteAccountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  userId: string;
  /** Then a code from the authenticator app is asked for too. */
  isTwoFactorEnabled: boolean;
  onDeleted: () => unknown;
}

export function DeleteAccountDialog({
  open,
  onOpenChange,
  userId,
  isTwoFactorEnabled,
  onDeleted,
}: DeleteAccountDialogProps) {
  const [error, setError] = useState<string | null>(null);
  const deletion = useDeleteAccount();
  const {
    register,
    handleSubmit,
    watch,
    getValues,
    trigger,
    clearErrors,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<DeleteAccountForm, unknown, z.output<DeleteAccountFormSchema>>({
    resolver: zodResolver(deleteAccountFormSchema(userId, isTwoFactorEnabled)),
    defaultValues: emptyForm,
  });
  const matches = watch("confirmUserId") === userId;
  const isDeleting = isSubmitting || deletion.isPending;

  // Each opening starts clean, as a form that has not been submitted yet.
  useEffect(() => {
    if (open) reset(emptyForm);
  }, [open, reset]);

  function close(next: boolean) {
    if (next) return onOpenChange(true);
    if (isDeleting) return; // the deletion is under way; closing would hide its result
    // The password must not linger (or reappear) after the dialog closes.
    reset(emptyForm);
    setError(null);
    onOpenChange(false);
  }

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      await deletion.mutateAsync(values);
      await onDeleted();
    } catch (e) {
      // A reply without a message only says "Request failed (500)": use the spec's words.
      setError(
        e instanceof ApiError && e.code === "unknown"
          ? DELETE_FAILED
          : errorMessage(e, DELETE_FAILED),
      );
    }
  });

  const confirmError = errors.confirmUserId?.message;
  const passwordError = errors.password?.message;

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Delete Account"
      description="This permanently deletes your account and subscriptions and cancels every subscriber's payments. It cannot be undone."
    >
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <p className="text-sm text-gray-700">
          Your User ID:{" "}
          <code className="break-all rounded bg-gray-100 px-1 font-mono text-xs">{userId}</code>
        </p>
        <Field id="confirm-user-id" label="Type your User ID to confirm" error={confirmError}>
          <Input
            id="confirm-user-id"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={Boolean(confirmError)}
            aria-describedby={confirmError ? "confirm-user-id-error" : undefined}
            {...register("confirmUserId", {
              onChange: () => clearErrors("confirmUserId"),
              // The Delete button stays disabled until the text matches, so say why on leaving.
              onBlur: () => {
                if (getValues("confirmUserId") !== "") void trigger("confirmUserId");
              },
            })}
            onKeyDown={(e) => {
              // A disabled submit button blocks Enter-to-submit; answer it with the reason.
              if (e.key === "Enter" && !matches) {
                e.preventDefault();
                void trigger("confirmUserId");
              }
            }}
          />
        </Field>
        <Field
          id="delete-account-password"
          label="Password"
          hint="Confirm it's you."
          error={passwordError}
        >
          <Input
            id="delete-account-password"
            type="password"
            autoComplete="current-password"
            aria-invalid={Boolean(passwordError)}
            aria-describedby={passwordError ? "delete-account-password-error" : undefined}
            {...register("password")}
          />
        </Field>
        {isTwoFactorEnabled ? (
          <TotpCodeField
            id="delete-account-code"
            hint="6 digits from your authenticator app"
            error={errors.totpCode?.message}
            registration={register("totpCode")}
          />
        ) : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => close(false)} disabled={isDeleting}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={!matches || isDeleting}>
            {isDeleting ? "Deleting..." : "Delete Account"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
