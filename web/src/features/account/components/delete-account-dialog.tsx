import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useDeleteAccount } from "../api/delete-account";

const MISMATCH = "User ID does not match. Please type your exact User ID to confirm.";
const DELETE_FAILED = "Failed to delete account. Please try again.";
const TOTP_CODE = /^\d{6}$/;

interface DeleteAccountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  userId: string;
  /** Then a code from the authenticator app is asked for too. */
  isTwoFactorEnabled: boolean;
  onDeleted: () => unknown;
}

type FieldErrors = Partial<Record<"password" | "totpCode", string>>;

export function DeleteAccountDialog({
  open,
  onOpenChange,
  userId,
  isTwoFactorEnabled,
  onDeleted,
}: DeleteAccountDialogProps) {
  const [typed, setTyped] = useState("");
  const [password, setPassword] = useState("");
  const [totpCode, setTotpCode] = useState("");
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const deletion = useDeleteAccount();
  // Exact, as the spec says: no trimming, no case folding.
  const matches = typed === userId;

  function close(next: boolean) {
    if (next) return onOpenChange(true);
    if (deletion.isPending) return; // the deletion is under way; closing would hide its result
    // The password must not linger (or reappear) after the dialog closes.
    setTyped("");
    setPassword("");
    setTotpCode("");
    setFieldErrors({});
    setError(null);
    onOpenChange(false);
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!matches) return setError(MISMATCH);
    const errors: FieldErrors = {};
    if (!password) errors.password = "Enter your password";
    if (isTwoFactorEnabled && !TOTP_CODE.test(totpCode)) {
      errors.totpCode = "Enter the 6-digit code from your authenticator app";
    }
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setError(null);
    try {
      await deletion.mutateAsync({
        confirmUserId: typed,
        password,
        ...(isTwoFactorEnabled ? { totpCode } : {}),
      });
      await onDeleted();
    } catch (e) {
      // A reply without a message only says "Request failed (500)": use the spec's words.
      setError(
        e instanceof ApiError && e.code === "unknown"
          ? DELETE_FAILED
          : errorMessage(e, DELETE_FAILED),
      );
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Delete Account"
      description="This permanently deletes your account and subscriptions and cancels every subscriber's payments. It cannot be undone."
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <p className="text-sm text-gray-700">
          Your User ID:{" "}
          <code className="break-all rounded bg-gray-100 px-1 font-mono text-xs">{userId}</code>
        </p>
        <Field id="confirm-user-id" label="Type your User ID to confirm" error={error ?? undefined}>
          <Input
            id="confirm-user-id"
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              if (error === MISMATCH) setError(null);
            }}
            // The Delete button stays disabled until the text matches, so say why on leaving.
            onBlur={() => {
              if (typed !== "" && !matches) setError(MISMATCH);
            }}
            onKeyDown={(e) => {
              // A disabled submit button blocks Enter-to-submit; answer it with the reason.
              if (e.key === "Enter" && !matches) {
                e.preventDefault();
                setError(MISMATCH);
              }
            }}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error === MISMATCH}
            aria-describedby={error ? "confirm-user-id-error" : undefined}
          />
        </Field>
        <Field
          id="delete-account-password"
          label="Password"
          hint="Confirm it's you."
          error={fieldErrors.password}
        >
          <Input
            id="delete-account-password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={Boolean(fieldErrors.password)}
            aria-describedby={fieldErrors.password ? "delete-account-password-error" : undefined}
          />
        </Field>
        {isTwoFactorEnabled ? (
          <Field
            id="delete-account-code"
            label="Authentication code"
            hint="6 digits from your authenticator app"
            error={fieldErrors.totpCode}
          >
            <Input
              id="delete-account-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={totpCode}
              // Apps show "123 456"; keep only the digits.
              onChange={(e) => setTotpCode(e.target.value.replace(/\D/g, "").slice(0, 6))}
              aria-invalid={Boolean(fieldErrors.totpCode)}
              aria-describedby={fieldErrors.totpCode ? "delete-account-code-error" : undefined}
            />
          </Field>
        ) : null}
        {error && error !== MISMATCH ? <Alert tone="error">{error}</Alert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => close(false)} disabled={deletion.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={!matches || deletion.isPending}>
            {deletion.isPending ? "Deleting..." : "Delete Account"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
