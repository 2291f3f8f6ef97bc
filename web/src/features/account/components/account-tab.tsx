import type { Me } from "@contracts/me";
import type { PaidPlanId } from "@contracts/plan-billing";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { paths } from "@/config/paths";
import { authClient } from "@/lib/auth-client";
import { sharedQueryKeys } from "@/lib/query-keys";
import { AccountInformationCard } from "./account-information-card";
import { BusinessNameCard } from "./business-name-card";
import { ChangePasswordDialog } from "./change-password-dialog";
import { DeleteAccountDialog } from "./delete-account-dialog";
import { EmailNotificationsCard } from "./email-notifications-card";
import { PlatformUsageCard } from "./platform-usage-card";
import { SecurityCard } from "./security-card";
import { TwoFactorDialog } from "./two-factor-dialog";

interface AccountTabProps {
  me: Me;
  /** The Payment Setup section, composed in by the app (features don't import each other). */
  paymentSetup: ReactNode;
  /** The plan the pricing page's button asked for (?plan=…): its dialog opens, once. */
  requestedPlan: PaidPlanId | null;
  onRequestedPlanSeen: () => void;
}

type OpenDialog = "password" | "two-factor" | "delete" | null;

export function AccountTab({
  me,
  paymentSetup,
  requestedPlan,
  onRequestedPlanSeen,
}: AccountTabProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const dialogProps = (name: Exclude<OpenDialog, null>) => ({
    open: dialog === name,
    onOpenChange: (open: boolean) => setDialog(open ? name : null),
  });

  async function onDeleted() {
    // The server has already ended the session with the user; this clears the client's copy.
    await authClient.signOut().catch(() => undefined);
    queryClient.clear();
    navigate(paths.home.getHref(), { replace: true });
  }

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {notice ? (
        <Alert tone="success" className="flex items-start justify-between gap-3 lg:col-span-2">
          <span>{notice}</span>
          <button
            type="button"
            className="shrink-0 rounded text-sm font-medium underline underline-offset-4"
            onClick={() => setNotice(null)}
          >
            Dismiss
          </button>
        </Alert>
      ) : null}
      <AccountInformationCard user={me.user} />
      <BusinessNameCard businessName={me.profile?.businessName ?? null} />
      <Card className="p-5">{paymentSetup}</Card>
      <EmailNotificationsCard />
      <PlatformUsageCard
        requestedPlan={requestedPlan}
        onRequestSeen={onRequestedPlanSeen}
        onNotice={setNotice}
      />
      <SecurityCard
        email={me.user.email}
        isEmailVerified={me.user.emailVerified}
        isTwoFactorEnabled={me.user.twoFactorEnabled}
        onChangePassword={() => setDialog("password")}
        onTwoFactor={() => setDialog("two-factor")}
      />
      <Card className="space-y-3 border-red-200 p-5 lg:col-span-2">
        <h2 className="text-base font-semibold text-red-800">Delete Account</h2>
        <p className="text-sm text-gray-700">
          Permanently deletes your account and subscriptions, and cancels every subscriber's
          payments. This cannot be undone.
        </p>
        <Button variant="danger" onClick={() => setDialog("delete")}>
          Delete Account
        </Button>
      </Card>
      <ChangePasswordDialog
        {...dialogProps("password")}
        onChanged={() => setNotice("Password changed. Other sessions were signed out.")}
      />
      <TwoFactorDialog
        {...dialogProps("two-factor")}
        isEnabled={me.user.twoFactorEnabled}
        onChanged={(message) => {
          setNotice(message);
          // The flag lives on the user: re-read it so the Security card shows the new state.
          queryClient.invalidateQueries({ queryKey: sharedQueryKeys.me });
        }}
      />
      <DeleteAccountDialog
        {...dialogProps("delete")}
        userId={me.user.id}
        isTwoFactorEnabled={me.user.twoFactorEnabled}
        onDeleted={onDeleted}
      />
    </div>
  );
}
