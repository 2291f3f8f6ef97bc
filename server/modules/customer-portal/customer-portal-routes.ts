import { declaredRouter } from "../../http/declared-router";
import {
  cancelSubscriptionRoute,
  confirmEmailChangeRoute,
  createBillingPortalRoute,
  customerPortalRoute,
  newManageLinkRoute,
  undoEmailChangeRoute,
  updateServiceAddressRoute,
  updateSubscriberEmailRoute,
} from "./customer-portal-api";
import {
  type CustomerPortalDeps,
  cancelSubscription,
  getCustomerPortal,
  openBillingPortal,
  replaceManageLink,
} from "./customer-portal-service";
import { confirmEmailChange, requestEmailChange, undoEmailChange } from "./email-change-service";
import { updateServiceAddress } from "./service-address-service";

/**
 * The handlers of customer-portal-api.ts: the self-service link's page and actions, the buttons
 * of the pages the e-mail-change mails link to, and the spec's two product API calls (taking the
 * link's parts instead of Stripe ids). createApp puts the limits in front.
 */
export function customerPortalRoutes(deps: CustomerPortalDeps) {
  return declaredRouter()
    .openapi(customerPortalRoute, async (c) =>
      c.json(await getCustomerPortal(deps, c.req.valid("param")), 200),
    )
    .openapi(updateSubscriberEmailRoute, async (c) =>
      c.json(await requestEmailChange(deps, c.req.valid("param"), c.req.valid("json").email), 200),
    )
    .openapi(updateServiceAddressRoute, async (c) =>
      c.json(await updateServiceAddress(deps, c.req.valid("param"), c.req.valid("json")), 200),
    )
    .openapi(newManageLinkRoute, async (c) =>
      c.json(await replaceManageLink(deps, c.req.valid("param")), 200),
    )
    .openapi(confirmEmailChangeRoute, async (c) =>
      c.json(await confirmEmailChange(deps, c.req.valid("json").token), 200),
    )
    .openapi(undoEmailChangeRoute, async (c) =>
      c.json(await undoEmailChange(deps, c.req.valid("json").token), 200),
    )
    .openapi(createBillingPortalRoute, async (c) => {
      const { returnUrl, ...ref } = c.req.valid("json");
      return c.json({ url: await openBillingPortal(deps, ref, returnUrl) }, 200);
    })
    .openapi(cancelSubscriptionRoute, async (c) => {
      const { endsAt } = await cancelSubscription(deps, c.req.valid("json"));
      return c.json({ ok: true as const, endsAt: endsAt?.toISOString() ?? null }, 200);
    });
}
