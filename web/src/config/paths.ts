// Every in-app link comes from here, never a hand-built string.
export const paths = {
  home: { path: "/", getHref: () => "/" },
  signIn: { getHref: (mode: "signin" | "signup" = "signin") => `/?auth=${mode}` },
  features: { path: "/features", getHref: () => "/features" },
  pricing: { path: "/pricing", getHref: () => "/pricing" },
  dashboard: {
    path: "/dashboard",
    getHref: (tab?: "overview" | "analytics" | "earnings" | "settings") =>
      tab ? `/dashboard?tab=${tab}` : "/dashboard",
  },
  // Served as their own page (landing.html), outside the client router.
  landing: {
    getHref: (customUrl: string) => `/landing/${encodeURIComponent(customUrl)}`,
  },
  customerPortal: {
    path: "/customer/:customUrl/:subscriberId",
    getHref: (customUrl: string, subscriberId: string) =>
      `/customer/${encodeURIComponent(customUrl)}/${encodeURIComponent(subscriberId)}`,
  },
  success: { path: "/success", getHref: () => "/success" },
  outbox: { path: "/dev/outbox", getHref: () => "/dev/outbox" },
} as const;
