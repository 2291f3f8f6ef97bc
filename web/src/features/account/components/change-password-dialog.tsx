import {
  type ChangePasswordForm,
  changePasswordFormSchema,
  PASSWORD_MIN_LENGTH,
} from "@contracts/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { authClient } from "@/lib/auth-client";

interface ChangePasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChanged: () => void;
}

const emptyForm: ChangePasswordForm = { currentPassword: "", newPassword: "", confirmPassword: "" };

export function ChangePasswordDialog({ open, onOpenChange, onChanged }: ChangePasswordDialogProps) {
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: emptyForm,
  });

  // Each opening starts clean, as a form that has not been submitted yet.
  useEffect(() => {
    if (open) reset(emptyForm);
  }, [open, reset]);

  function discardAndClose() {
    // Passwords must not linger in memory (or reappear) after the dialog closes.
    reset(emptyForm);
    setError(null);
    onOpenChange(false);
  }

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setError(null);
    try {
      const result = await authClient.changePassword({
        currentPassword,
        newPassword,
        // Whoever might know the old password is signed out everywhere else.
        revokeOtherSessions: true,
      });
      if (result.error) {
        setError(result.error.message ?? "Could not change your password. Please try again.");
        return;
      }
    } catch {
      setError("Could not change your password. Please try again.");
      return;
    }
    onChanged();
    discardAndClose();
  });

  const fieldProps = (name: keyof ChangePasswordForm, id: string) => ({
    "aria-invalid": Boolean(errors[name]),
    "aria-describedby": errors[name] ? `${id}-error` : undefined,
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => {
        if (isOpen) onOpenChange(true);
        else if (!isSubmitting) discardAndClose();
      }}
      title="Change Password"
      description="You'll stay signed in here; other devices will be signed out."
    >
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <Field
          id="current-password"
          label="Current password"
          error={errors.currentPassword?.message}
        >
          <Input
            id="current-password"
            type="password"
            autoComplete="current-password"
            {...register("currentPassword")}
            {...fieldProps("currentPassword", "current-password")}
          />
        </Field>
        <Field
          id="new-password"
          label="New password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          error={errors.newPassword?.message}
        >
          <Input
            id="new-password"
            type="password"
            autoComplete="new-password"
            {...register("newPassword")}
            {...fieldProps("newPassword", "new-password")}
          />
        </Field>
        <Field
          id="confirm-password"
          label="Confirm new password"
          error={errors.confirmPassword?.message}
        >
          <Input
            id="confirm-password"
            type="password"
            autoComplete="new-password"
            {...register("confirmPassword")}
            {...fieldProps("confirmPassword", "confirm-password")}
          />
        </Field>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={discardAndClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? "Saving..." : "Change Password"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
