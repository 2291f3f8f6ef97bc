import {
  authRequestSchemas,
  confirmingPasswordSchema,
  type TwoFactorDisableForm,
  twoFactorDisableFormSchema,
} from "@contracts/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, useEffect, useState } from "react";
import { type UseFormRegisterReturn, useForm } from "react-hook-form";
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

/** Turning two-factor on asks for the password (authRequestSchemas.twoFactorPassword). */
const passwordFormSchema = z.object({ password: confirmingPasswordSchema("Enter your password") });
type PasswordForm = z.infer<typeof passwordFormSchema>;
type CodeForm = z.infer<typeof authRequestSchemas.verifyTotp>;
type DisableForm = z.output<typeof twoFactorDisableFormSchema>;
const emptyDisableForm: TwoFactorDisableForm = { password: "", code: "" };

/** The server's refusals that belong below a field (server/auth/two-factor-disable-guard.ts). */
const disableErrorField: Record<string, keyof TwoFactorDisableForm> = {
  INVALID_PASSWORD: "password",
  INVALID_CODE: "code",
  TOTP_CODE_ALREADY_USED: "code",
};

/**
 * Turns TOTP two-factor on (password → QR code, secret and backup codes → a 6-digit code) or
 * off (password and a code from the app not used before, as deleting the account asks).
 * better-auth only enables it once a code from the new secret checks out; then every other
 * session of the account is signed out (server/auth/auth-guards.ts).
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
  const disableForm = useForm<TwoFactorDisableForm, unknown, DisableForm>({
    resolver: zodResolver(twoFactorDisableFormSchema),
    defaultValues: emptyDisableForm,
  });
  const { reset: resetPassword } = passwordForm;
  const { reset: resetCode } = codeForm;
  const { reset: resetDisable } = disableForm;
  const passwordError = passwordForm.formState.errors.password?.message;
  const codeError = codeForm.formState.errors.code?.message;

  // Each opening starts clean, as forms that have not been submitted yet.
  useEffect(() => {
    if (!open) return;
    resetPassword({ password: "" });
    resetCode({ code: "" });
    resetDisable(emptyDisableForm);
  }, [open, resetPassword, resetCode, resetDisable]);

  function close() {
    setStage({ name: "password" });
    resetPassword({ password: "" });
    resetCode({ code: "" });
    resetDisable(emptyDisableForm);
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

  const submitDisable = disableForm.handleSubmit((values) =>
    run(async () => {
      const result = await authClient.twoFactor.disable(values);
      if (result.error) {
        const message = result.error.message ?? "Could not turn off two-factor authentication.";
        const field = disableErrorField[result.error.code ?? ""];
        if (field) disableForm.setError(field, { message }, { shouldFocus: true });
        else setError(message);
        return;
      }
      onChanged("Two-factor authentication is off.");
      close();
    }, "Could not turn off two-factor authentication."),
  );

  const submitPassword = passwordForm.handleSubmit(({ password }) =>
    run(async () => {
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
    }, "Could not start two-factor setup."),
  );

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
      {stage.name === "verify" ? (
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
      ) : isEnabled ? (
        <form onSubmit={submitDisable} className="space-y-4" noValidate>
          <PasswordField
            id="two-factor-disable-password"
            error={disableForm.formState.errors.password?.message}
            registration={disableForm.register("password")}
          />
          <TotpCodeField
            id="two-factor-disable-code"
            hint="6 digits from your authenticator app"
            error={disableForm.formState.errors.code?.message}
            registration={disableForm.register("code")}
          />
          <FormFooter error={error} onCancel={close}>
            <Button
              type="submit"
              variant="danger"
              disabled={disableForm.formState.isSubmitting || !disableForm.watch("password")}
            >
              {disableForm.formState.isSubmitting ? "Loading..." : "Disable 2FA"}
            </Button>
          </FormFooter>
        </form>
      ) : (
        <form onSubmit={submitPassword} className="space-y-4" noValidate>
          <PasswordField
            id="two-factor-password"
            error={passwordError}
            registration={passwordForm.register("password")}
          />
          <FormFooter error={error} onCancel={close}>
            <Button
              type="submit"
              disabled={passwordForm.formState.isSubmitting || !passwordForm.watch("password")}
            >
              {passwordForm.formState.isSubmitting ? "Loading..." : "Continue"}
            </Button>
          </FormFooter>
        </form>
      )}
    </Dialog>
  );
}

/** The account's password, to confirm turning two-factor on or off. */
function PasswordField({
  id,
  error,
  registration,
}: {
  id: string;
  error?: string;
  registration: UseFormRegisterReturn;
}) {
  return (
    <Field id={id} label="Password" hint="Confirm your password to continue." error={error}>
      <Input
        id={id}
        type="password"
        autoComplete="current-password"
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        {...registration}
      />
    </Field>
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
