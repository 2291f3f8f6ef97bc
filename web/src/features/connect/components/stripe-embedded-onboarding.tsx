import { loadConnectAndInitialize } from "@stripe/connect-js";
import { ConnectAccountOnboarding, ConnectComponentsProvider } from "@stripe/react-connect-js";
import { useState } from "react";
import { publicConfig } from "@/config/boot-data";
import { createAccountSession } from "../api/create-account-session";

/**
 * Real Stripe: Connect embedded onboarding, fed by account sessions from our server.
 * Default export so the modal can lazy-load it: emulator builds never fetch connect-js.
 */
export default function StripeEmbeddedOnboarding({ onExit }: { onExit: () => void }) {
  // Initialise once per mount; connect-js asks for a fresh secret itself when one expires.
  const [connectInstance] = useState(() =>
    loadConnectAndInitialize({
      publishableKey: publicConfig.stripePublishableKey,
      fetchClientSecret: createAccountSession,
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
