import { PASSWORD_MIN_LENGTH, passwordSchema } from "@contracts/auth";
import { useState } from "react";
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

type FieldErrors = Partial<Record<"current" | "next" | "confirm", string>>;

export function ChangePasswordDialog({ open, onOpenChange, onChanged }: ChangePasswordDialogProps) {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  function close() {
    if (isSaving) return;
    // Passwords must not linger in memory (or reappear) after the dialog closes.
    setCurrent("");
    setNext("");
    setConfirm("");
    setFieldErrors({});
    setError(null);
    onOpenChange(false);
  }

  function validate(): FieldErrors {
    const errors: FieldErrors = {};
    if (!current) errors.current = "Enter your current password";
    // Spec 9: the same rule as at sign-up.
    const chosen = passwordSchema.safeParse(next);
    if (!chosen.success) errors.next = chosen.error.issues[0]?.message;
    if (confirm !== next) errors.confirm = "The new passwords don't match";
    return errors;
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    const errors = validate();
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setIsSaving(true);
    try {
      const result = await authClient.changePassword({
        currentPassword: current,
        newPassword: next,
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
    } finally {
      setIsSaving(false);
    }
    onChanged();
    close();
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => (isOpen ? onOpenChange(true) : close())}
      title="Change Password"
      description="You'll stay signed in here; other devices will be signed out."
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Field id="current-password" label="Current password" error={fieldErrors.current}>
          <Input
            id="current-password"
            type="password"
            autoComplete="current-password"
            value={current}
            aria-invalid={Boolean(fieldErrors.current)}
            aria-describedby={fieldErrors.current ? "current-password-error" : undefined}
            onChange={(e) => setCurrent(e.target.value)}
          />
        </Field>
        <Field
          id="new-password"
          label="New password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          error={fieldErrors.next}
        >
          <Input
            id="new-password"
            type="password"
            autoComplete="new-password"
            value={next}
            aria-invalid={Boolean(fieldErrors.next)}
            aria-describedby={fieldErrors.next ? "new-password-error" : undefined}
            onChange={(e) => setNext(e.target.value)}
          />
        </Field>
        <Field id="confirm-password" label="Confirm new password" error={fieldErrors.confirm}>
          <Input
            id="confirm-password"
            type="password"
            autoComplete="new-password"
            value={confirm}
            aria-invalid={Boolean(fieldErrors.confirm)}
            aria-describedby={fieldErrors.confirm ? "confirm-password-error" : undefined}
            onChange={(e) => setConfirm(e.target.value)}
          />
        </Field>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSaving}>
            {isSaving ? "Saving..." : "Change Password"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
