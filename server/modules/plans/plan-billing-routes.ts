import { currentUser } from "../../auth/require-creator";
import { declaredRouter } from "../../http/declared-router";
import type { Logger } from "../../lib/logger";
import { getCreatorPlan } from "./plan-account-view";
import {
  changePlanRoute,
  confirmPlanRoute,
  creatorPlanRoute,
  planCardRoute,
  previewPlanChangeRoute,
  startPlanRoute,
} from "./plan-billing-api";
import { changePlan, previewPlanChange } from "./plan-change-service";
import { confirmPlan, openPlanCardPortal, startPlan } from "./plan-purchase-service";
import type { PlanSyncDeps } from "./plan-subscription-sync";

/** The handlers of plan-billing-api.ts; createApp puts the session and limit in front. */
export function planBillingRoutes(deps: PlanSyncDeps & { logger: Logger; publicUrl: string }) {
  return declaredRouter()
    .openapi(creatorPlanRoute, async (c) =>
      c.json(await getCreatorPlan(deps, currentUser(c).id), 200),
    )
    .openapi(startPlanRoute, async (c) => {
      const user = currentUser(c);
      const buyer = { id: user.id, email: user.email, name: user.name };
      return c.json(await startPlan(deps, buyer, c.req.valid("json")), 200);
    })
    .openapi(confirmPlanRoute, async (c) => {
      const { subscriptionId } = c.req.valid("json");
      return c.json(await confirmPlan(deps, currentUser(c).id, subscriptionId), 200);
    })
    .openapi(planCardRoute, async (c) =>
      c.json(await openPlanCardPortal(deps, currentUser(c).id), 200),
    )
    .openapi(previewPlanChangeRoute, async (c) =>
      c.json(await previewPlanChange(deps, currentUser(c).id, c.req.valid("json")), 200),
    )
    .openapi(changePlanRoute, async (c) =>
      c.json(await changePlan(deps, currentUser(c).id, c.req.valid("json")), 200),
    );
}
