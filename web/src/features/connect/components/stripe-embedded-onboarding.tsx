import { loadConnectAndInitialize } from "@stripe/connect-js";
import { ConnectAccountOnboarding, ConnectComponentsProvider } from "@stripe/react-connect-js";
import { useState } from "react";
import { publicConfig } from "@/config/boot-data";
import { fetchAccountSessionSecret } from "../api/connect-links";

/** Real Stripe: Connect embedded onboarding, fed by an account session from our server. */
export default function StripeEmbeddedOnboarding({ onExit }: { onExit: () => void }) {
  const [connectInstance] = useState(() =>
    loadConnectAndInitialize({
      publishableKey: publicConfig.stripePublishableKey,
      fetchClientSecret: fetchAccountSessionSecret,
      appearance: { variables: { colorPrimary: "#15803d" } },
    }),
  );
  return (
    <ConnectComponentsProvider connectInstance={connectInstance}>
      <ConnectAccountOnboarding
        onExit={onExit}
        collectionOptions={{ fields: "eventually_due", futureRequirements: "include" }}
      />
    </ConnectComponentsProvider>
  );
}
