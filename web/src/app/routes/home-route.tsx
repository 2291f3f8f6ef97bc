import { lazy } from "react";
import { Navigate, useSearchParams } from "react-router";
import { paths } from "@/config/paths";
import { AuthScreen } from "@/features/auth/components/auth-screen";
import { authClient } from "@/lib/auth-client";

const HomePage = lazy(() => import("@/features/marketing/components/home-page"));

/** "/": the dashboard when signed in, else the marketing home or, after "get started", sign-in. */
export function HomeRoute() {
  const session = authClient.useSession();
  const [searchParams] = useSearchParams();
  if (session.data) return <Navigate to={paths.dashboard.getHref()} replace />;
  const auth = searchParams.get("auth");
  if (auth === "signin" || auth === "signup") return <AuthScreen key={auth} initialMode={auth} />;
  return <HomePage />;
}
