import { declaredRouter } from "../../http/declared-router";
import type { CustomerPortalDeps } from "../customer-portal/customer-portal-service";
import { listPortalInvoices } from "./invoice-list-service";
import { endPause, pauseSubscription, resumeSubscription } from "./pause-and-resume-service";
import {
  endPauseRoute,
  listPortalInvoicesRoute,
  pauseSubscriptionRoute,
  previewSwitchRoute,
  resumeSubscriptionRoute,
  switchOfferingRoute,
} from "./subscription-control-api";
import { previewSwitch, switchOffering } from "./switch-service";

/** The handlers of subscription-control-api.ts; createApp puts the limits in front. */
export function subscriptionControlRoutes(deps: CustomerPortalDeps) {
  return declaredRouter()
    .openapi(resumeSubscriptionRoute, async (c) =>
      c.json(await resumeSubscription(deps, c.req.valid("param")), 200),
    )
    .openapi(pauseSubscriptionRoute, async (c) =>
      c.json(await pauseSubscription(deps, c.req.valid("param"), c.req.valid("json")), 200),
    )
    .openapi(endPauseRoute, async (c) => c.json(await endPause(deps, c.req.valid("param")), 200))
    .openapi(previewSwitchRoute, async (c) =>
      c.json(await previewSwitch(deps, c.req.valid("param"), c.req.valid("json").offeringId), 200),
    )
    .openapi(switchOfferingRoute, async (c) =>
      c.json(await switchOffering(deps, c.req.valid("param"), c.req.valid("json")), 200),
    )
    .openapi(listPortalInvoicesRoute, async (c) =>
      c.json(await listPortalInvoices(deps, c.req.valid("param")), 200),
    );
}
