import { type TwoFactorChallengeForm, twoFactorChallengeFormSchemas } from "@contracts/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
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
  const [useBackupCode, setUseBackupCode] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<TwoFactorChallengeForm>({
    // Apps show "123 456": the app's schema sends the six digits; a backup code is trimmed.
    resolver: zodResolver(
      useBackupCode ? twoFactorChallengeFormSchemas.backupCode : twoFactorChallengeFormSchemas.totp,
    ),
    defaultValues: { code: "" },
  });
  const code = watch("code");

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    const result = useBackupCode
      ? await authClient.twoFactor.verifyBackupCode(values)
      : await authClient.twoFactor.verifyTotp(values);
    if (result.error) {
      setError(result.error.message ?? "That code did not work. Please try again.");
      return;
    }
    onVerified();
  });

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <h1 className="text-2xl font-semibold tracking-tight">Two-factor authentication</h1>
      <p className="text-sm text-gray-600">
        {useBackupCode
          ? "Enter one of your backup codes."
          : "Enter the 6-digit code from your authenticator app."}
      </p>
      <Field
        id="two-factor-code"
        label={useBackupCode ? "Backup code" : "Authentication code"}
        error={errors.code?.message}
      >
        <Input
          id="two-factor-code"
          inputMode={useBackupCode ? "text" : "numeric"}
          autoComplete="one-time-code"
          autoFocus
          aria-invalid={Boolean(errors.code)}
          aria-describedby={errors.code ? "two-factor-code-error" : undefined}
          {...register("code")}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={isSubmitting || code.trim() === ""}>
        {isSubmitting ? "Loading..." : "Verify"}
      </Button>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="flex justify-between text-sm">
        <button
          type="button"
          className="text-brand-700 hover:underline"
          onClick={() => {
            setUseBackupCode(!useBackupCode);
            // The other kind of code has its own rule; the last one's messages no longer apply.
            clearErrors("code");
            setError(null);
          }}
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
