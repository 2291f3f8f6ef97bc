import type { PublicOffering } from "@contracts/landing";
import { SubscriptionNotFound } from "@/components/subscription-not-found";
import { LandingPage } from "./landing-page";

/** /landing/:customUrl and /:customUrl, drawn by the server and hydrated in the browser. */
export function LandingApp({ offering }: { offering: PublicOffering | null }) {
  return offering ? <LandingPage offering={offering} /> : <SubscriptionNotFound />;
}
