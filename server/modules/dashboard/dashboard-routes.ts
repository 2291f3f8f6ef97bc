import { Hono } from "hono";
import { currentUser, requireCreator } from "../../auth/require-creator";
import type { AppEnv } from "../../http/app-env";
import { type DashboardDeps, getAnalytics, getEarnings, getOverview } from "./dashboard-service";

export function dashboardRoutes(deps: DashboardDeps) {
  return new Hono<AppEnv>()
    .use(requireCreator())
    .get("/overview", async (c) => c.json(await getOverview(deps, currentUser(c).id)))
    .get("/analytics", async (c) => c.json(await getAnalytics(deps, currentUser(c).id)))
    .get("/earnings", async (c) => c.json(await getEarnings(deps, currentUser(c).id)));
}
