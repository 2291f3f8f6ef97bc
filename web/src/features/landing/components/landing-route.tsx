import { Navigate, useParams } from "react-router";
import { SubscriptionNotFound } from "@/components/subscription-not-found";
import { paths } from "@/config/paths";
import { usePublicOffering } from "../api/get-public-offering";
import { LandingPage } from "./landing-page";
import { LandingSkeleton } from "./landing-skeleton";

/** /landing/:customUrl and /:customUrl. The server usually inlines the offering: no fetch. */
export default function LandingRoute({ isRootPath = false }: { isRootPath?: boolean }) {
  const { customUrl = "" } = useParams();
  const offering = usePublicOffering(customUrl);
  if (offering.isPending) return <LandingSkeleton />;
  if (!offering.data) {
    // A bare /:customUrl is a landing page only when such an active offering exists.
    return isRootPath ? <Navigate to={paths.home.getHref()} replace /> : <SubscriptionNotFound />;
  }
  return <LandingPage offering={offering.data} />;
}
