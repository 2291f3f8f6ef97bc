import { lazy, type ReactNode, useRef, useState } from "react";
import { Navigate, Outlet } from "react-router";
import { FullPageLoadError } from "@/components/load-error";
import { FullPageSpinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { authClient } from "@/lib/auth-client";
import { useMe } from "@/lib/shared-queries";

const OnboardingRoute = lazy(() => import("./onboarding-route"));

/** The spinner is for the first load only; a background session refresh must not unmount forms. */
function useSessionOnce() {
  const session = authClient.useSession();
  const hasLoaded = useRef(false);
  if (!session.isPending) hasLoaded.current = true;
  return { session, isLoading: session.isPending && !hasLoaded.current };
}

/**
 * Waits for the session, then lets a creator who has not finished onboarding see only the
 * wizard (spec: it replaces the routes until it completes).
 */
export function CreatorGate() {
  const { session, isLoading } = useSessionOnce();
  const [isRetryingSession, setIsRetryingSession] = useState(false);
  const isSignedIn = Boolean(session.data);
  const me = useMe({ enabled: isSignedIn });

  if (isLoading) return <FullPageSpinner />;
  // A failed session check is not "signed out", and a failed /api/me is not "still loading":
  // each says so, with a retry (a spinner forever helps nobody).
  if (!session.data && session.error) {
    return (
      <FullPageLoadError
        what="Your session"
        detail="Check your connection and try again."
        isRetrying={isRetryingSession}
        onRetry={async () => {
          setIsRetryingSession(true);
          try {
            await session.refetch();
          } finally {
            setIsRetryingSession(false);
          }
        }}
      />
    );
  }
  if (isSignedIn && me.isError && !me.data) {
    return (
      <FullPageLoadError
        what="Your account"
        detail="Regulars may be having trouble right now."
        onRetry={() => me.refetch()}
        isRetrying={me.isFetching}
      />
    );
  }
  if (isSignedIn && me.isPending) return <FullPageSpinner />;
  if (isSignedIn && me.data && !me.data.profile?.onboardingCompleted) {
    return <OnboardingRoute me={me.data} />;
  }
  return <Outlet />;
}

export function RequireSignedIn({ children }: { children: ReactNode }) {
  const { session, isLoading } = useSessionOnce();
  if (isLoading) return <FullPageSpinner />;
  if (!session.data) return <Navigate to={paths.home.getHref()} replace />;
  return <>{children}</>;
}
