import { currentUser } from "../../auth/require-creator";
import { declaredRouter } from "../../http/declared-router";
import { analyticsRoute, earningsRoute, overviewRoute } from "./dashboard-api";
import { type DashboardDeps, getAnalytics, getEarnings, getOverview } from "./dashboard-service";

/** The handlers of dashboard-api.ts; createApp puts the session and limits in front. */
export function dashboardRoutes(deps: DashboardDeps) {
  return declaredRouter()
    .openapi(overviewRoute, async (c) => c.json(await getOverview(deps, currentUser(c).id), 200))
    .openapi(analyticsRoute, async (c) => c.json(await getAnalytics(deps, currentUser(c).id), 200))
    .openapi(earningsRoute, async (c) => c.json(await getEarnings(deps, currentUser(c).id), 200));
}
