// Every in-app link comes from here, never a hand-built string.
export const paths = {
  home: { path: "/", getHref: () => "/" },
  signIn: { getHref: (mode: "signin" | "signup" = "signin") => `/?auth=${mode}` },
  features: { path: "/features", getHref: () => "/features" },
  pricing: { path: "/pricing", getHref: () => "/pricing" },
  dashboard: {
    path: "/dashboard",
    getHref: (tab?: "overview" | "subscribers" | "analytics" | "earnings" | "settings") =>
      tab ? `/dashboard?tab=${tab}` : "/dashboard",
  },
  // Issue 23: the Account tab with the dialog that buys (or changes to) this platform plan.
  choosePlan: {
    getHref: (plan: "premium" | "professional") => `/dashboard?tab=settings&plan=${plan}`,
  },
  // Served as their own page (landing.html), outside the client router.
  landing: {
    getHref: (customUrl: string) => `/landing/${encodeURIComponent(customUrl)}`,
  },
  // The key is the subscriber's manage key (ADR 022), which the spec calls subscriberId.
  customerPortal: {
    path: "/customer/:customUrl/:manageKey",
    getHref: (customUrl: string, manageKey: string) =>
      `/customer/${encodeURIComponent(customUrl)}/${encodeURIComponent(manageKey)}`,
  },
  // An e-mail change's links (server/lib/public-links.ts writes them): a button that POSTs.
  emailChange: {
    path: "/email-change/:action",
    getHref: (action: "confirm" | "undo", token: string) =>
      `/email-change/${action}?token=${encodeURIComponent(token)}`,
  },
  forgotPassword: { path: "/forgot-password", getHref: () => "/forgot-password" },
  // The e-mailed link reaches it through better-auth, which adds ?token=… or ?error=….
  resetPassword: { path: "/reset-password", getHref: () => "/reset-password" },
  // "Lost your link?": customers ask for their self-service links by e-mail.
  manageLinks: { path: "/manage", getHref: () => "/manage" },
  success: { path: "/success", getHref: () => "/success" },
  outbox: { path: "/dev/outbox", getHref: () => "/dev/outbox" },
} as const;
