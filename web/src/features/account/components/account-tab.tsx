import type { Me } from "@contracts/me";
import { useQueryClient } from "@tanstack/react-query";
import { Check, Copy, ShieldCheck } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { paths } from "@/config/paths";
import { authClient } from "@/lib/auth-client";
import { ChangePasswordDialog } from "./change-password-dialog";
import { DeleteAccountDialog } from "./delete-account-dialog";
import { TwoFactorDialog } from "./two-factor-dialog";

interface AccountTabProps {
  me: Me;
  /** The Payment Setup section, composed in by the app (features don't import each other). */
  paymentSetup: ReactNode;
}

export function AccountTab({ me, paymentSetup }: AccountTabProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // 2FA changed under the session: refetch who we are (["me"] is the app-wide key for /api/me).
  const onSecurityChanged = () => queryClient.invalidateQueries({ queryKey: ["me"] });
  async function onDeleted() {
    await authClient.signOut().catch(() => undefined);
    queryClient.clear();
    navigate(paths.home.getHref(), { replace: true });
  }
  const [dialog, setDialog] = useState<"password" | "2fa" | "delete" | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isCopied, setIsCopied] = useState(false);

  return (
    <div className="grid gap-6 xl:grid-cols-2">
      {notice ? (
        <Alert tone="success" className="xl:col-span-2">
          {notice}
        </Alert>
      ) : null}
      <Card className="space-y-4 p-5">
        <h3 className="text-base font-semibold text-gray-950">Account Information</h3>
        <p className="text-sm text-gray-600">
          Member since {new Date(me.user.createdAt).toLocaleDateString()}
        </p>
        <Field id="account-email" label="Email" hint="Email cannot be changed at this time">
          <Input id="account-email" value={me.user.email} readOnly />
        </Field>
        <Field id="account-user-id" label="User ID">
          <div className="flex gap-2">
            <Input id="account-user-id" value={me.user.id} readOnly className="font-mono text-xs" />
            <Button
              variant="secondary"
              aria-label="Copy User ID"
              onClick={async () => {
                await navigator.clipboard.writeText(me.user.id);
                setIsCopied(true);
                setTimeout(() => setIsCopied(false), 2000);
              }}
            >
              {isCopied ? (
                <Check className="size-4" aria-hidden />
              ) : (
                <Copy className="size-4" aria-hidden />
              )}
            </Button>
          </div>
        </Field>
      </Card>
      <Card className="p-5">{paymentSetup}</Card>
      <Card className="space-y-2 p-5">
        <h3 className="text-base font-semibold text-gray-950">Platform Usage</h3>
        <p className="text-sm font-medium text-gray-900">Free Plan</p>
        <ul className="list-disc space-y-1 pl-5 text-sm text-gray-700">
          <li>Unlimited subscriptions</li>
          <li>Unlimited subscribers</li>
          <li>Analytics included</li>
          <li>15% platform fee per payment</li>
        </ul>
      </Card>
      <Card className="space-y-3 p-5">
        <h3 className="text-base font-semibold text-gray-950">Security</h3>
        {me.user.twoFactorEnabled ? (
          <p className="flex items-center gap-2 text-sm text-brand-800">
            <ShieldCheck className="size-4" aria-hidden /> Two-factor authentication is on
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setDialog("password")}>
            Change Password
          </Button>
          <Button variant="secondary" onClick={() => setDialog("2fa")}>
            {me.user.twoFactorEnabled ? "Disable 2FA" : "Enable 2FA"}
          </Button>
        </div>
      </Card>
      <Card className="space-y-3 border-red-200 p-5 xl:col-span-2">
        <h3 className="text-base font-semibold text-red-800">Delete Account</h3>
        <p className="text-sm text-gray-700">
          Deletes your subscriptions and cancels every subscriber's payments.
        </p>
        <Button variant="danger" onClick={() => setDialog("delete")}>
          Delete Account
        </Button>
      </Card>
      <ChangePasswordDialog
        open={dialog === "password"}
        onOpenChange={(open) => setDialog(open ? "password" : null)}
        onChanged={() => setNotice("Password changed. Other sessions were signed out.")}
      />
      <TwoFactorDialog
        open={dialog === "2fa"}
        onOpenChange={(open) => setDialog(open ? "2fa" : null)}
        isEnabled={me.user.twoFactorEnabled}
        onChanged={(message) => {
          setNotice(message);
          onSecurityChanged();
        }}
      />
      <DeleteAccountDialog
        open={dialog === "delete"}
        onOpenChange={(open) => setDialog(open ? "delete" : null)}
        userId={me.user.id}
        onDeleted={onDeleted}
      />
    </div>
  );
}
