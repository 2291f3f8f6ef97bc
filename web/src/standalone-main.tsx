// The entry of the pages strangers open without the dashboard: sign-in ("/?auth=signin|signup")
// and a customer's self-service page. No creator gate, no dashboard, no marketing page: the
// server sends this entry only for those two addresses (web-shell/standalone-pages.ts), and
// any other address reached from here is a full page load into the app (ADR 019).
//
// The page arrives drawn (sign-in at build time, the self-service page by the server), so the
// browser loads only the one page's code and hydrates it.
import type { ReactElement } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { bootData } from "@/config/boot-data";
import "./standalone.css";

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element");

/** The server sends this entry for "/?auth=…" and "/customer/{customUrl}/{manageKey}" only. */
async function standalonePage(): Promise<ReactElement> {
  if (window.location.pathname.startsWith("/customer/")) {
    const { browserSelfServiceApp } = await import("@/app/standalone/self-service-app");
    return browserSelfServiceApp(bootData.customerPortal, bootData.closedSubscriptionMessage);
  }
  const { SignInApp, signInModeOf } = await import("@/app/standalone/sign-in-app");
  return <SignInApp mode={signInModeOf(window.location.search)} />;
}

void standalonePage().then((page) => {
  // Without the server build (API-only tests, a server started before a build) it is drawn here.
  if (root.firstElementChild) hydrateRoot(root, page);
  else createRoot(root).render(page);
});
