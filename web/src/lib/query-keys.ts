/**
 * Cache keys that more than one feature reads or invalidates, written once: GET /api/me (the
 * header, the gate and the Account tab), the creator's offerings (the dashboard's cards and the
 * Subscribers tab's filter share one request), the dashboard's figures, which the business
 * name, the offerings and a cancel or refund all change, and GET /api/plan (the Account tab's
 * plan card and the Earnings tab's payout terms). A feature's own keys stay with it.
 */
export const sharedQueryKeys = {
  me: ["me"],
  offerings: ["offerings"],
  dashboard: ["dashboard"],
  plan: ["plan"],
} as const;
