import type { Me } from "@contracts/me";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { paths } from "@/config/paths";
import { useConnectStatus } from "@/features/connect/api/get-connect-status";
import { PaymentSetupButton } from "@/features/connect/components/payment-setup-button";
import { OnboardingWizard } from "@/features/onboarding/components/onboarding-wizard";
import { authClient } from "@/lib/auth-client";
import { sharedQueryKeys } from "@/lib/query-keys";

/** App-level composition: the wizard (onboarding) with the payment setup control (connect). */
export default function OnboardingRoute({ me }: { me: Me }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const connect = useConnectStatus();
  return (
    <OnboardingWizard
      me={me}
      paymentSetup={<PaymentSetupButton userEmail={me.user.email || null} />}
      isPaymentSetupComplete={Boolean(connect.data?.account?.onboardingCompleted)}
      onCompleted={async () => {
        await queryClient.invalidateQueries({ queryKey: sharedQueryKeys.me });
        navigate(paths.dashboard.getHref(), { replace: true });
      }}
      onSignOut={async () => {
        await authClient.signOut();
        queryClient.clear();
        navigate(paths.home.getHref(), { replace: true });
      }}
    />
  );
}
