import type { ReactNode } from "react";
import { CustomServiceTypesProvider } from "./custom-service-types";
import { DashboardToasts } from "./dashboard-toasts";

/** What the dashboard's tabs share for the life of the page: toasts and custom service types. */
export function DashboardProviders({ children }: { children: ReactNode }) {
  return (
    <DashboardToasts>
      <CustomServiceTypesProvider>{children}</CustomServiceTypesProvider>
    </DashboardToasts>
  );
}
