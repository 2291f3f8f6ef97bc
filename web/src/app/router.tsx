import { lazy, Suspense } from "react";
import { BrowserRouter, Navigate, Route, Routes } from "react-router";
import { FullPageSpinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";

// Only public pages stay out of these chunks, so a landing page never loads auth or dashboard code.
const CreatorGate = lazy(() =>
  import("./routes/creator-gate").then((m) => ({ default: m.CreatorGate })),
);
const RequireSignedIn = lazy(() =>
  import("./routes/creator-gate").then((m) => ({ default: m.RequireSignedIn })),
);
const HomeRoute = lazy(() => import("./routes/home-route").then((m) => ({ default: m.HomeRoute })));

// Public pages and the creator area are split so a landing page never loads dashboard code.
const FeaturesPage = lazy(() => import("@/features/marketing/components/features-page"));
const PricingPage = lazy(() => import("@/features/marketing/components/pricing-page"));
const DashboardPage = lazy(() => import("./routes/dashboard-route"));
const LandingRoute = lazy(() => import("@/features/landing/components/landing-route"));
const CustomerPortalPage = lazy(
  () => import("@/features/customer-portal/components/customer-portal-page"),
);
const SuccessPage = lazy(() => import("@/features/checkout-success/components/success-page"));
const OutboxPage = lazy(() => import("@/features/outbox/components/outbox-page"));

export function AppRouter() {
  return (
    <BrowserRouter>
      <Suspense fallback={<FullPageSpinner />}>
        <Routes>
          <Route path={paths.landing.path} element={<LandingRoute />} />
          <Route path={paths.customerPortal.path} element={<CustomerPortalPage />} />
          <Route path={paths.success.path} element={<SuccessPage />} />
          <Route path={paths.outbox.path} element={<OutboxPage />} />
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
          <Route path={paths.rootLanding.path} element={<LandingRoute isRootPath />} />
          <Route path="*" element={<Navigate to={paths.home.getHref()} replace />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
