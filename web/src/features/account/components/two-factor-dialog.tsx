import { QRCodeSVG } from "qrcode.react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { authClient } from "@/lib/auth-client";

type Stage = { name: "password" } | { name: "verify"; totpURI: string; backupCodes: string[] };

/** Turns TOTP two-factor on (password → QR code and backup codes → a code) or off. */
export function TwoFactorDialog({
  open,
  onOpenChange,
  isEnabled,
  onChanged,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isEnabled: boolean;
  onChanged: (message: string) => void;
}) {
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

  async function submitPassword(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    setIsBusy(true);
    if (isEnabled) {
      const result = await authClient.twoFactor.disable({ password });
      setIsBusy(false);
      if (result.error)
        return setError(result.error.message ?? "Could not turn off two-factor authentication.");
      onChanged("Two-factor authentication is off.");
      return close();
    }
    const result = await authClient.twoFactor.enable({ password });
    setIsBusy(false);
    if (result.error || !result.data || !("totpURI" in result.data)) {
      return setError(result.error?.message ?? "Could not start two-factor setup.");
    }
    setStage({
      name: "verify",
      totpURI: result.data.totpURI,
      backupCodes: result.data.backupCodes,
    });
  }

  async function submitCode(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    setIsBusy(true);
    const result = await authClient.twoFactor.verifyTotp({ code: code.trim() });
    setIsBusy(false);
    if (result.error)
      return setError(result.error.message ?? "That code did not work. Try the newest one.");
    onChanged("Two-factor authentication is on. You'll be asked for a code when you sign in.");
    close();
  }

  const secret = stage.name === "verify" ? new URL(stage.totpURI).searchParams.get("secret") : null;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={isEnabled ? "Disable 2FA" : "Enable 2FA"}
    >
      {stage.name === "password" ? (
        <form onSubmit={submitPassword} className="space-y-4" noValidate>
          <p className="text-sm text-gray-600">Confirm your password to continue.</p>
          <Field id="two-factor-password" label="Password">
            <Input
              id="two-factor-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant={isEnabled ? "danger" : "primary"}
              disabled={isBusy || !password}
            >
              {isBusy ? "Loading..." : isEnabled ? "Disable 2FA" : "Continue"}
            </Button>
          </div>
        </form>
      ) : (
        <form onSubmit={submitCode} className="space-y-4" noValidate>
          <p className="text-sm text-gray-600">
            Scan this code with an authenticator app, then enter the 6-digit code it shows.
          </p>
          <div className="flex justify-center rounded-lg border border-gray-200 p-4">
            <QRCodeSVG value={stage.totpURI} size={168} title="Two-factor authentication QR code" />
          </div>
          {secret ? (
            <p className="text-center text-xs text-gray-600">
              Or enter this key:{" "}
              <code className="rounded bg-gray-100 px-1 font-mono" data-testid="totp-secret">
                {secret}
              </code>
            </p>
          ) : null}
          <div>
            <p className="text-sm font-medium text-gray-800">Backup codes</p>
            <p className="text-xs text-gray-600">
              Keep these somewhere safe. Each works once if you lose your device.
            </p>
            <ul className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm">
              {stage.backupCodes.map((c) => (
                <li key={c} className="rounded bg-gray-50 px-2 py-1">
                  {c}
                </li>
              ))}
            </ul>
          </div>
          <Field id="two-factor-verify" label="Authentication code">
            <Input
              id="two-factor-verify"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </Field>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={isBusy || code.trim().length < 6}>
              {isBusy ? "Loading..." : "Turn on 2FA"}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
