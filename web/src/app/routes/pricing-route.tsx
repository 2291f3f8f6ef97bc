import PricingPage from "@/features/marketing/components/pricing-page";
import { authClient } from "@/lib/auth-client";

/**
 * /pricing in the SPA: the server sends it only with a session cookie (a visitor without one
 * gets the prerendered page), but the session may have ended, so it is read here.
 */
export default function PricingRoute() {
  const session = authClient.useSession();
  return <PricingPage isSignedIn={Boolean(session.data)} />;
}
