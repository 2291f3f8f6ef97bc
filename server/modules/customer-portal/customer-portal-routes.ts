import { Hono } from "hono";
import {
  billingPortalRequestSchema,
  cancelSubscriptionRequestSchema,
  updateSubscriberEmailSchema,
} from "../../../contracts/customer-portal";
import type { AppEnv } from "../../http/app-env";
import { parseCustomUrlParam, parseUuidParam } from "../../http/params";
import { validate } from "../../http/validate";
import {
  type CustomerPortalDeps,
  cancelSubscription,
  changeSubscriberEmail,
  getCustomerPortal,
  openBillingPortal,
} from "./customer-portal-service";

/** GET/PATCH /api/public/customers/:customUrl/:subscriberId */
export function customerRoutes(deps: CustomerPortalDeps) {
  return new Hono<AppEnv>()
    .get("/:customUrl/:subscriberId", async (c) => {
      const ref = {
        customUrl: parseCustomUrlParam(c.req.param("customUrl"), "Subscription Not Found"),
        subscriberId: parseUuidParam(c.req.param("subscriberId"), "Subscription Not Found"),
      };
      return c.json(await getCustomerPortal(deps, ref));
    })
    .patch(
      "/:customUrl/:subscriberId/email",
      validate("json", updateSubscriberEmailSchema),
      async (c) => {
        const ref = {
          customUrl: parseCustomUrlParam(c.req.param("customUrl"), "Subscription Not Found"),
          subscriberId: parseUuidParam(c.req.param("subscriberId"), "Subscription Not Found"),
        };
        await changeSubscriberEmail(deps, ref, c.req.valid("json").email);
        return c.json({ ok: true });
      },
    );
}

/** The spec's two product API calls, taking the subscriber reference instead of Stripe ids. */
export function billingActionRoutes(deps: CustomerPortalDeps) {
  return new Hono<AppEnv>()
    .post("/create-billing-portal", validate("json", billingPortalRequestSchema), async (c) => {
      const { returnUrl, ...ref } = c.req.valid("json");
      return c.json({ url: await openBillingPortal(deps, ref, returnUrl) });
    })
    .post("/cancel-subscription", validate("json", cancelSubscriptionRequestSchema), async (c) => {
      await cancelSubscription(deps, c.req.valid("json"));
      return c.json({ ok: true });
    });
}
