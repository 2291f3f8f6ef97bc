import { lazy, type ReactNode } from "react";
import { Navigate, Outlet } from "react-router";
import { FullPageSpinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useMe } from "@/features/auth/api/get-me";
import { authClient } from "@/lib/auth-client";

const OnboardingRoute = lazy(() => import("./onboarding-route"));

/**
 * Waits for the session, then lets a creator who has not finished onboarding see only the
 * wizard (spec: it replaces the routes until it completes).
 */
export function CreatorGate() {
  const session = authClient.useSession();
  const isSignedIn = Boolean(session.data);
  const me = useMe({ enabled: isSignedIn });

  if (session.isPending || (isSignedIn && me.isPending)) return <FullPageSpinner />;
  if (isSignedIn && me.data && !me.data.profile?.onboardingCompleted) {
    return <OnboardingRoute me={me.data} />;
  }
  return <Outlet />;
}

export function RequireSignedIn({ children }: { children: ReactNode }) {
  const session = authClient.useSession();
  if (session.isPending) return <FullPageSpinner />;
  if (!session.data) return <Navigate to={paths.home.getHref()} replace />;
  return <>{children}</>;
}
