import { MailWarning, ShieldAlert, ShieldCheck } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { useSendVerificationEmail } from "@/lib/send-verification-email";

interface SecurityCardProps {
  email: string;
  isEmailVerified: boolean;
  isTwoFactorEnabled: boolean;
  onChangePassword: () => void;
  onTwoFactor: () => void;
}

export function SecurityCard({
  email,
  isEmailVerified,
  isTwoFactorEnabled,
  onChangePassword,
  onTwoFactor,
}: SecurityCardProps) {
  // The server refuses to turn two-factor on for an unverified address (someone else's address
  // could otherwise be locked to their authenticator): say so here instead of a dialog that fails.
  const needsVerifiedAddress = !isTwoFactorEnabled && !isEmailVerified;
  return (
    <Card className="space-y-3 p-5">
      <h2 className="text-base font-semibold text-gray-950">Security</h2>
      {isTwoFactorEnabled ? (
        <p className="flex items-center gap-2 text-sm text-brand-800">
          <ShieldCheck className="size-4 shrink-0" aria-hidden />
          Two-factor authentication is on
        </p>
      ) : (
        <p className="flex items-center gap-2 text-sm text-gray-700">
          <ShieldAlert className="size-4 shrink-0 text-gray-500" aria-hidden />
          Two-factor authentication is off. Add a code from your phone to each sign-in.
        </p>
      )}
      {needsVerifiedAddress ? <VerifyAddressFirst email={email} /> : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onChangePassword}>
          Change Password
        </Button>
        <Button variant="secondary" onClick={onTwoFactor} disabled={needsVerifiedAddress}>
          {isTwoFactorEnabled ? "Disable 2FA" : "Enable 2FA"}
        </Button>
      </div>
    </Card>
  );
}

function VerifyAddressFirst({ email }: { email: string }) {
  const resend = useSendVerificationEmail();
  return (
    <div className="space-y-2 rounded-lg border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900">
      <p className="flex gap-2">
        <MailWarning className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          Verify your e-mail address before turning on two-factor authentication: open the link we
          sent to <span className="font-medium break-all">{email}</span>.
        </span>
      </p>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => resend.mutate(email)}
        disabled={resend.isPending}
      >
        {resend.isPending ? "Sending..." : "Resend verification e-mail"}
      </Button>
      {resend.isSuccess ? <Alert tone="success">Verification e-mail sent to {email}.</Alert> : null}
      {resend.isError ? (
        <Alert tone="error">
          {errorMessage(resend.error, "Could not send the e-mail. Please try again.")}
        </Alert>
      ) : null}
    </div>
  );
}
