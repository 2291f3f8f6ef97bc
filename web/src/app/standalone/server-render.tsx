// The server build's entry for the standalone pages (`vite build --ssr`, ADR 019): sign-in is
// drawn once at build time (scripts/build.mjs), the self-service page per request by the
// server. The browser hydrates both with the same components (standalone-main.tsx).
import type { CustomerPortal } from "@contracts/customer-portal";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { createQueryClient } from "../provider";
import { SelfServiceApp, seedSelfService } from "./self-service-app";
import { SignInApp } from "./sign-in-app";

const staticRouter =
  (location: string) =>
  ({ children }: { children: ReactNode }) => (
    <StaticRouter location={location}>{children}</StaticRouter>
  );

export interface PrerenderedSignIn {
  /** File name under dist/web/prerendered. */
  name: string;
  title: string;
  description: string;
  html: string;
}

export function prerenderSignInPages(): PrerenderedSignIn[] {
  const modes: { mode: "signin" | "signup"; title: string; description: string }[] = [
    {
      mode: "signin",
      title: "Sign In — Regulars",
      description:
        "Sign in to Regulars to manage your monthly subscriptions, subscribers and payouts.",
    },
    {
      mode: "signup",
      title: "Create Account — Regulars",
      description:
        "Create a Regulars account and start selling monthly subscriptions for your service in minutes.",
    },
  ];
  return modes.map(({ mode, title, description }) => ({
    name: mode,
    title,
    description,
    html: renderToString(<SignInApp mode={mode} />),
  }));
}

/**
 * `portal` null: no such subscription, drawn as the page's "not found", or with `closedMessage`
 * as a subscription its business closed.
 */
export function renderSelfServicePage(
  pathname: string,
  portal: CustomerPortal | null,
  closedMessage: string | null = null,
): string {
  const queryClient = createQueryClient();
  if (portal) seedSelfService(queryClient, pathname, portal);
  const html = renderToString(
    <SelfServiceApp
      router={staticRouter(pathname)}
      queryClient={queryClient}
      found={portal !== null}
      closedMessage={closedMessage}
    />,
  );
  queryClient.clear();
  return html;
}
