import { lazy, Suspense } from "react";
import { BrowserRouter, Navigate, Route, Routes } from "react-router";
import { FullPageSpinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";

// Landing pages are not routed here: they are their own entry (landing-main.tsx).
// Every page is its own chunk, so the public pages never load auth or dashboard code.
const CreatorGate = lazy(() =>
  import("./routes/creator-gate").then((m) => ({ default: m.CreatorGate })),
);
const RequireSignedIn = lazy(() =>
  import("./routes/creator-gate").then((m) => ({ default: m.RequireSignedIn })),
);
const HomeRoute = lazy(() => import("./routes/home-route").then((m) => ({ default: m.HomeRoute })));

const FeaturesPage = lazy(() => import("@/features/marketing/components/features-page"));
const PricingPage = lazy(() => import("./routes/pricing-route"));
const DashboardPage = lazy(() => import("./routes/dashboard-route"));
const CustomerPortalPage = lazy(
  () => import("@/features/customer-portal/components/customer-portal-page"),
);
const SuccessPage = lazy(() => import("@/features/checkout-success/components/success-page"));
const OutboxPage = lazy(() => import("@/features/outbox/components/outbox-page"));
const ForgotPasswordPage = lazy(() => import("@/features/auth/components/forgot-password-page"));
const ResetPasswordPage = lazy(() => import("@/features/auth/components/reset-password-page"));
const ManageLinksPage = lazy(() => import("@/features/manage-links/components/manage-links-page"));
const EmailChangePage = lazy(
  () => import("@/features/customer-portal/components/email-change-page"),
);

export function AppRouter() {
  return (
    <BrowserRouter>
      <Suspense fallback={<FullPageSpinner />}>
        <Routes>
          <Route path={paths.customerPortal.path} element={<CustomerPortalPage />} />
          <Route path={paths.success.path} element={<SuccessPage />} />
          <Route path={paths.outbox.path} element={<OutboxPage />} />
          <Route path={paths.forgotPassword.path} element={<ForgotPasswordPage />} />
          <Route path={paths.resetPassword.path} element={<ResetPasswordPage />} />
          <Route path={paths.manageLinks.path} element={<ManageLinksPage />} />
          <Route path={paths.emailChange.path} element={<EmailChangePage />} />
          <Route element={<CreatorGate />}>
            <Route path={paths.home.path} element={<HomeRoute />} />
            <Route path={paths.features.path} element={<FeaturesPage />} />
            <Route path={paths.pricing.path} element={<PricingPage />} />
            <Route
              path={paths.dashboard.path}
              element={
                <RequireSignedIn>
                  <DashboardPage />
                </RequireSignedIn>
              }
            />
          </Route>
          <Route path="*" element={<Navigate to={paths.home.getHref()} replace />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
