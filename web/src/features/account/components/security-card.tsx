import { ShieldAlert, ShieldCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";

interface SecurityCardProps {
  isTwoFactorEnabled: boolean;
  onChangePassword: () => void;
  onTwoFactor: () => void;
}

export function SecurityCard({
  isTwoFactorEnabled,
  onChangePassword,
  onTwoFactor,
}: SecurityCardProps) {
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
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onChangePassword}>
          Change Password
        </Button>
        <Button variant="secondary" onClick={onTwoFactor}>
          {isTwoFactorEnabled ? "Disable 2FA" : "Enable 2FA"}
        </Button>
      </div>
    </Card>
  );
}
