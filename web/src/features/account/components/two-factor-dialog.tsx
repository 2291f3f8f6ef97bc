import { authRequestSchemas, confirmingPasswordSchema } from "@contracts/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { authClient } from "@/lib/auth-client";
import { TotpCodeField } from "./totp-code-field";
import { TotpSetup } from "./totp-setup";

type Stage = { name: "password" } | { name: "verify"; totpURI: string; backupCodes: string[] };

interface TwoFactorDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isEnabled: boolean;
  onChanged: (message: string) => void;
}

/** Turning two-factor on or off asks for the password (authRequestSchemas.twoFactorPassword). */
const passwordFormSchema = z.object({ password: confirmingPasswordSchema("Enter your password") });
type PasswordForm = z.infer<typeof passwordFormSchema>;
type CodeForm = z.infer<typeof authRequestSchemas.verifyTotp>;

/**
 * Turns TOTP two-factor on (password → QR code, secret and backup codes → a 6-digit code) or
 * off (password). better-auth only enables it once a code from the new secret checks out; then
 * every other session of the account is signed out (server/auth/auth-guards.ts).
 */
export function TwoFactorDialog({
  open,
  onOpenChange,
  isEnabled,
  onChanged,
}: TwoFactorDialogProps) {
  const [stage, setStage] = useState<Stage>({ name: "password" });
  const [error, setError] = useState<string | null>(null);
  const passwordForm = useForm<PasswordForm>({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: { password: "" },
  });
  const codeForm = useForm<CodeForm>({
    resolver: zodResolver(authRequestSchemas.verifyTotp),
    defaultValues: { code: "" },
  });
  const { reset: resetPassword } = passwordForm;
  const { reset: resetCode } = codeForm;
  const passwordError = passwordForm.formState.errors.password?.message;
  const codeError = codeForm.formState.errors.code?.message;

  // Each opening starts clean, as forms that have not been submitted yet.
  useEffect(() => {
    if (!open) return;
    resetPassword({ password: "" });
    resetCode({ code: "" });
  }, [open, resetPassword, resetCode]);

  function close() {
    setStage({ name: "password" });
    resetPassword({ password: "" });
    resetCode({ code: "" });
    setError(null);
    onOpenChange(false);
  }

  async function run(action: () => Promise<void>, fallback: string) {
    setError(null);
    try {
      await action();
    } catch {
      setError(fallback);
    }
  }

  const submitPassword = passwordForm.handleSubmit(({ password }) => {
    if (isEnabled) {
      return run(async () => {
        const result = await authClient.twoFactor.disable({ password });
        if (result.error) {
          setError(result.error.message ?? "Could not turn off two-factor authentication.");
          return;
        }
        onChanged("Two-factor authentication is off.");
        close();
      }, "Could not turn off two-factor authentication.");
    }
    return run(async () => {
      const result = await authClient.twoFactor.enable({ password });
      if (result.error || !result.data || !("totpURI" in result.data)) {
        setError(result.error?.message ?? "Could not start two-factor setup.");
        return;
      }
      setStage({
        name: "verify",
        totpURI: result.data.totpURI,
        backupCodes: result.data.backupCodes,
      });
      resetPassword({ password: "" });
    }, "Could not start two-factor setup.");
  });

  const submitCode = codeForm.handleSubmit(({ code }) =>
    run(async () => {
      const result = await authClient.twoFactor.verifyTotp({ code });
      if (result.error) {
        setError(result.error.message ?? "That code did not work. Try the newest one.");
        return;
      }
      onChanged(
        "Two-factor authentication is on. Other devices were signed out; you'll be asked for a code when you sign in.",
      );
      close();
    }, "Could not check the code. Please try again."),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={isEnabled ? "Disable 2FA" : "Enable 2FA"}
      description={
        isEnabled
          ? "Sign-in will no longer ask for a code from your authenticator app."
          : "Sign-in will also ask for a code from an authenticator app on your phone."
      }
    >
      {stage.name === "password" ? (
        <form onSubmit={submitPassword} className="space-y-4" noValidate>
          <Field
            id="two-factor-password"
            label="Password"
            hint="Confirm your password to continue."
            error={passwordError}
          >
            <Input
              id="two-factor-password"
              type="password"
              autoComplete="current-password"
              aria-invalid={Boolean(passwordError)}
              aria-describedby={passwordError ? "two-factor-password-error" : undefined}
              {...passwordForm.register("password")}
            />
          </Field>
          <FormFooter error={error} onCancel={close}>
            <Button
              type="submit"
              variant={isEnabled ? "danger" : "primary"}
              disabled={passwordForm.formState.isSubmitting || !passwordForm.watch("password")}
            >
              {passwordForm.formState.isSubmitting
                ? "Loading..."
                : isEnabled
                  ? "Disable 2FA"
                  : "Continue"}
            </Button>
          </FormFooter>
        </form>
      ) : (
        <form onSubmit={submitCode} className="space-y-4" noValidate>
          <TotpSetup totpURI={stage.totpURI} backupCodes={stage.backupCodes} />
          <TotpCodeField
            id="two-factor-verify"
            hint="6 digits"
            error={codeError}
            registration={codeForm.register("code")}
          />
          <FormFooter error={error} onCancel={close}>
            <Button
              type="submit"
              disabled={
                codeForm.formState.isSubmitting ||
                !authRequestSchemas.verifyTotp.safeParse({ code: codeForm.watch("code") }).success
              }
            >
              {codeForm.formState.isSubmitting ? "Loading..." : "Turn on 2FA"}
            </Button>
          </FormFooter>
        </form>
      )}
    </Dialog>
  );
}

/** Both steps end alike: what went wrong, then Cancel beside the step's own submit button. */
function FormFooter({
  error,
  onCancel,
  children,
}: {
  error: string | null;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        {children}
      </div>
    </>
  );
}
