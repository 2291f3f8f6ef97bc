import { CheckCircle2, CircleDashed, RefreshCw } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { publicConfig } from "@/config/boot-data";
import {
  useConnectStatus,
  useCreateConnectAccount,
  useRefreshConnectStatus,
} from "../api/get-connect-status";
import {
  describeAccountCreationError,
  humanizeRequirement,
  PROVIDER_NOT_CONFIGURED,
} from "./connect-errors";
import { PaymentSetupModal } from "./payment-setup-modal";

const PREVIEW = 3;

function Flag({ label, isOn }: { label: string; isOn: boolean }) {
  return (
    <li className="flex items-center gap-2 text-sm">
      {isOn ? (
        <CheckCircle2 className="size-4 text-brand-700" aria-hidden />
      ) : (
        <CircleDashed className="size-4 text-gray-400" aria-hidden />
      )}
      <span>{label}:</span>
      <span className={isOn ? "font-medium text-brand-800" : "text-gray-600"}>
        {isOn ? "Enabled" : "Not yet"}
      </span>
    </li>
  );
}

/** The Account tab's Payment Setup section, in the spec's four states. */
export function PaymentSetupPanel() {
  const status = useConnectStatus();
  const createAccount = useCreateConnectAccount();
  const refresh = useRefreshConnectStatus();
  const [isModalOpen, setIsModalOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const account = status.data?.account ?? null;

  async function setUp() {
    setError(null);
    if (!publicConfig.stripePublishableKey) {
      setError(PROVIDER_NOT_CONFIGURED);
      return;
    }
    try {
      await createAccount.mutateAsync();
      setIsModalOpen(true);
    } catch (e) {
      setError(describeAccountCreationError(e, "Failed to create Connect account", "dashboard"));
    }
  }

  const refreshButton = (label: string) => (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => refresh.mutate()}
      disabled={refresh.isPending}
    >
      <RefreshCw className={refresh.isPending ? "size-4 animate-spin" : "size-4"} aria-hidden />
      {refresh.isPending ? "Checking..." : label}
    </Button>
  );

  let body: React.ReactNode;
  if (status.isPending) {
    body = (
      <p className="flex items-center gap-2 text-sm text-gray-600" role="status">
        <Spinner /> Loading payment account...
      </p>
    );
  } else if (!account) {
    body = (
      <div className="space-y-3">
        <p className="text-sm text-gray-600">
          Connect a Stripe account to accept card payments and receive daily payouts.
        </p>
        <Button onClick={setUp} disabled={createAccount.isPending}>
          {createAccount.isPending ? "Setting up..." : "Set Up Payment Account"}
        </Button>
      </div>
    );
  } else if (account.onboardingCompleted) {
    body = (
      <div className="space-y-3">
        <Alert tone="success">
          <span className="flex items-center gap-2 font-medium">
            <CheckCircle2 className="size-4" aria-hidden /> Payment setup complete. You can accept
            payments.
          </span>
        </Alert>
        {refreshButton("Refresh Status")}
      </div>
    );
  } else {
    const due = account.currentlyDue;
    body = (
      <div className="space-y-4">
        <Alert tone="warning">
          Payment setup is in progress. Complete the setup to start accepting payments.
        </Alert>
        <ul className="space-y-1">
          <Flag label="Details submitted" isOn={account.detailsSubmitted} />
          <Flag label="Charges" isOn={account.chargesEnabled} />
          <Flag label="Payouts" isOn={account.payoutsEnabled} />
        </ul>
        {due.length > 0 ? (
          <div>
            <p className="text-sm font-medium text-gray-800">Required information</p>
            <ul className="mt-1 list-disc pl-5 text-sm text-gray-700">
              {due.slice(0, PREVIEW).map((item) => (
                <li key={item}>{humanizeRequirement(item)}</li>
              ))}
            </ul>
            {due.length > PREVIEW ? (
              <p className="mt-1 text-sm text-gray-600">And {due.length - PREVIEW} more...</p>
            ) : null}
          </div>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setIsModalOpen(true)}>Continue Setup</Button>
          {refreshButton("Check Status")}
        </div>
      </div>
    );
  }

  return (
    <section aria-labelledby="payment-setup-heading" className="space-y-3">
      <h3 id="payment-setup-heading" className="text-base font-semibold text-gray-950">
        Payment Setup
      </h3>
      {body}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <PaymentSetupModal open={isModalOpen} onOpenChange={setIsModalOpen} />
    </section>
  );
}
