// The entry of the pages strangers open without the dashboard: sign-in ("/?auth=signin|signup")
// and a customer's self-service page. No creator gate, no dashboard, no marketing page: the
// server sends this entry only for those two addresses (web-shell/standalone-pages.ts), and
// any other address reached from here is a full page load into the app (ADR 019).
import "@/lib/zod-jitless";
import { StrictMode, useEffect } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter, Route, Routes, useLocation, useSearchParams } from "react-router";
import { AppProvider } from "@/app/provider";
import { FullPageSpinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { AuthScreen } from "@/features/auth/components/auth-screen";
import CustomerPortalPage from "@/features/customer-portal/components/customer-portal-page";
import { authClient } from "@/lib/auth-client";
import "./standalone.css";

/** Leaves this entry: the address is loaded from the server, which sends the app for it. */
function LoadFromServer({ href }: { href?: string }) {
  const location = useLocation();
  const target = href ?? `${location.pathname}${location.search}${location.hash}`;
  useEffect(() => {
    window.location.replace(target);
  }, [target]);
  return <FullPageSpinner />;
}

/** "/?auth=…": sign-in or sign-up; signed in (now or already), the dashboard. */
function SignInRoute() {
  const session = authClient.useSession();
  const [searchParams] = useSearchParams();
  const auth = searchParams.get("auth");
  if (session.data) return <LoadFromServer href={paths.dashboard.getHref()} />;
  if (auth === "signin" || auth === "signup") return <AuthScreen key={auth} initialMode={auth} />;
  return <LoadFromServer />;
}

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element");

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <BrowserRouter>
        <Routes>
          <Route path={paths.customerPortal.path} element={<CustomerPortalPage />} />
          <Route path={paths.home.path} element={<SignInRoute />} />
          <Route path="*" element={<LoadFromServer />} />
        </Routes>
      </BrowserRouter>
    </AppProvider>
  </StrictMode>,
);
