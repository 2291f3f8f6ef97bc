import { StrictMode, useEffect } from "react";
import { paths } from "@/config/paths";
import { AuthScreen } from "@/features/auth/components/auth-screen";
import { AppProvider } from "../provider";

type Mode = "signin" | "signup";

/** "?auth=signup" or else sign-in: the server sends this page for those two only. */
export function signInModeOf(search: string): Mode {
  return new URLSearchParams(search).get("auth") === "signup" ? "signup" : "signin";
}

/**
 * Signed in, now or already, the dashboard: a full page load, which the server answers with the
 * app. The auth client loads after the page is drawn and interactive, so it costs the first
 * load nothing.
 */
function useLeaveWhenSignedIn() {
  useEffect(() => {
    let isMounted = true;
    let stop: (() => void) | undefined;
    void import("@/lib/auth-client").then(({ authClient }) => {
      if (!isMounted) return;
      stop = authClient.$store.atoms.session?.subscribe((session: { data: unknown }) => {
        if (session.data) window.location.replace(paths.dashboard.getHref());
      });
    });
    return () => {
      isMounted = false;
      stop?.();
    };
  }, []);
}

function SignInPage({ mode }: { mode: Mode }) {
  useLeaveWhenSignedIn();
  return <AuthScreen initialMode={mode} />;
}

/**
 * Sign-in as the build draws it (server-render.tsx) and the browser hydrates it: the same tree
 * on both sides. No router: every link out of it is a full page load (ADR 019).
 */
export function SignInApp({ mode }: { mode: Mode }) {
  return (
    <StrictMode>
      <AppProvider>
        <SignInPage mode={mode} />
      </AppProvider>
    </StrictMode>
  );
}
