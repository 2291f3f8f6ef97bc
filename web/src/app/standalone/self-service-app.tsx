import type { CustomerPortal } from "@contracts/customer-portal";
import type { QueryClient } from "@tanstack/react-query";
import { type ReactNode, StrictMode } from "react";
import { BrowserRouter, matchPath, Route, Routes } from "react-router";
import { SubscriptionClosed } from "@/components/subscription-closed";
import { SubscriptionNotFound } from "@/components/subscription-not-found";
import { paths } from "@/config/paths";
import { customerPortalKey } from "@/features/customer-portal/api/subscriber-ref";
import CustomerPortalPage from "@/features/customer-portal/components/customer-portal-page";
import { AppProvider, createQueryClient } from "../provider";
import { LoadFromServer } from "./load-from-server";

/**
 * Puts the subscription the server read into the cache, under the key the page asks for (its
 * address's parts, decoded as the router decodes them), so the page draws it without a request.
 */
export function seedSelfService(
  queryClient: QueryClient,
  pathname: string,
  portal: CustomerPortal,
) {
  const params = matchPath(paths.customerPortal.path, pathname)?.params;
  if (!params?.customUrl || !params.manageKey) return;
  const ref = { customUrl: params.customUrl, manageKey: params.manageKey };
  queryClient.setQueryData(customerPortalKey(ref), portal);
}

/**
 * The self-service page as the server draws it (server-render.tsx) and the browser hydrates
 * it. The server put the subscription in `queryClient`'s cache, so both sides draw it at once;
 * `found` false is the server's "no such subscription", drawn without asking again, or, with
 * `closedMessage`, a subscription its business closed.
 */
export function SelfServiceApp({
  router: Router,
  queryClient,
  found,
  closedMessage = null,
}: {
  router: (props: { children: ReactNode }) => ReactNode;
  queryClient: QueryClient;
  found: boolean;
  closedMessage?: string | null;
}) {
  const missing = closedMessage ? (
    <SubscriptionClosed message={closedMessage} />
  ) : (
    <SubscriptionNotFound />
  );
  return (
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <Router>
          <Routes>
            <Route
              path={paths.customerPortal.path}
              element={found ? <CustomerPortalPage /> : missing}
            />
            <Route path="*" element={<LoadFromServer />} />
          </Routes>
        </Router>
      </AppProvider>
    </StrictMode>
  );
}

/** The page in the browser, with what the server drew it from (undefined: it drew nothing). */
export function browserSelfServiceApp(
  portal: CustomerPortal | null | undefined,
  closedMessage: string | null = null,
) {
  const queryClient = createQueryClient();
  if (portal) seedSelfService(queryClient, window.location.pathname, portal);
  return (
    <SelfServiceApp
      router={BrowserRouter}
      queryClient={queryClient}
      found={portal !== null}
      closedMessage={closedMessage}
    />
  );
}
