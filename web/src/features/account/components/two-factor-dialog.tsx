import { type ReactNode, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { authClient } from "@/lib/auth-client";
import { TotpSetup } from "./totp-setup";

type Stage = { name: "password" } | { name: "verify"; totpURI: string; backupCodes: string[] };

interface TwoFactorDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isEnabled: boolean;
  onChanged: (message: string) => void;
}

const TOTP_CODE = /^\d{6}$/;

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
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  function close() {
    setStage({ name: "password" });
    setPassword("");
    setCode("");
    setError(null);
    onOpenChange(false);
  }

  async function run(action: () => Promise<void>, fallback: string) {
    setError(null);
    setIsBusy(true);
    try {
      await action();
    } catch {
      setError(fallback);
    } finally {
      setIsBusy(false);
    }
  }

  function submitPassword(event: React.FormEvent) {
    event.preventDefault();
    if (!password) return setError("Enter your password");
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
      setPassword("");
    }, "Could not start two-factor setup.");
  }

  function submitCode(event: React.FormEvent) {
    event.preventDefault();
    if (!TOTP_CODE.test(code)) return setError("Enter the 6-digit code from your app");
    return run(async () => {
      const result = await authClient.twoFactor.verifyTotp({ code });
      if (result.error) {
        setError(result.error.message ?? "That code did not work. Try the newest one.");
        return;
      }
      onChanged(
        "Two-factor authentication is on. Other devices were signed out; you'll be asked for a code when you sign in.",
      );
      close();
    }, "Could not check the code. Please try again.");
  }

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
          >
            <Input
              id="two-factor-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field>
          <FormFooter error={error} onCancel={close}>
            <Button
              type="submit"
              variant={isEnabled ? "danger" : "primary"}
              disabled={isBusy || !password}
            >
              {isBusy ? "Loading..." : isEnabled ? "Disable 2FA" : "Continue"}
            </Button>
          </FormFooter>
        </form>
      ) : (
        <form onSubmit={submitCode} className="space-y-4" noValidate>
          <TotpSetup totpURI={stage.totpURI} backupCodes={stage.backupCodes} />
          <Field id="two-factor-verify" label="Authentication code" hint="6 digits">
            <Input
              id="two-factor-verify"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              // Apps show "123 456"; keep only the digits.
              onChange={(e) => setCode(e.target.value.replace(/\D/g, "").slice(0, 6))}
            />
          </Field>
          <FormFooter error={error} onCancel={close}>
            <Button type="submit" disabled={isBusy || !TOTP_CODE.test(code)}>
              {isBusy ? "Loading..." : "Turn on 2FA"}
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
