import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { authClient } from "@/lib/auth-client";

export function TwoFactorChallenge({
  onVerified,
  onCancel,
}: {
  onVerified: () => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState("");
  const [useBackupCode, setUseBackupCode] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isVerifying, setIsVerifying] = useState(false);

  async function verify(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    setIsVerifying(true);
    const result = useBackupCode
      ? await authClient.twoFactor.verifyBackupCode({ code: code.trim() })
      : // Apps show "123 456"; the server takes the six digits.
        await authClient.twoFactor.verifyTotp({ code: code.replace(/\s/g, "") });
    setIsVerifying(false);
    if (result.error) {
      setError(result.error.message ?? "That code did not work. Please try again.");
      return;
    }
    onVerified();
  }

  return (
    <form onSubmit={verify} className="space-y-4" noValidate>
      <h1 className="text-2xl font-semibold tracking-tight">Two-factor authentication</h1>
      <p className="text-sm text-gray-600">
        {useBackupCode
          ? "Enter one of your backup codes."
          : "Enter the 6-digit code from your authenticator app."}
      </p>
      <Field id="two-factor-code" label={useBackupCode ? "Backup code" : "Authentication code"}>
        <Input
          id="two-factor-code"
          inputMode={useBackupCode ? "text" : "numeric"}
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoFocus
        />
      </Field>
      <Button type="submit" className="w-full" disabled={isVerifying || code.trim() === ""}>
        {isVerifying ? "Loading..." : "Verify"}
      </Button>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="flex justify-between text-sm">
        <button
          type="button"
          className="text-brand-700 hover:underline"
          onClick={() => setUseBackupCode(!useBackupCode)}
        >
          {useBackupCode ? "Use authenticator code" : "Use a backup code"}
        </button>
        <button type="button" className="text-gray-600 hover:underline" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
