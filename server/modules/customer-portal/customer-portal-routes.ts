import { type Context, Hono } from "hono";
import {
  billingPortalRequestSchema,
  cancelSubscriptionRequestSchema,
  emailChangeTokenRequestSchema,
  type NewManageLinkResponse,
  newManageLinkRequestSchema,
  updateSubscriberEmailSchema,
} from "../../../contracts/customer-portal";
import type { AppEnv } from "../../http/app-env";
import { parseCustomUrlParam, parseUuidParam } from "../../http/params";
import { validate } from "../../http/validate";
import {
  type CustomerPortalDeps,
  cancelSubscription,
  getCustomerPortal,
  openBillingPortal,
  replaceManageLink,
  SUBSCRIPTION_NOT_FOUND,
  type SubscriberRef,
} from "./customer-portal-service";
import { confirmEmailChange, requestEmailChange, undoEmailChange } from "./email-change-service";

/** The link's two parts from the path: anything that can't be one is "not found" at once. */
function refOf(c: Context<AppEnv>): SubscriberRef {
  return {
    customUrl: parseCustomUrlParam(c.req.param("customUrl"), SUBSCRIPTION_NOT_FOUND),
    manageKey: parseUuidParam(c.req.param("manageKey"), SUBSCRIPTION_NOT_FOUND),
  };
}

/** GET/PATCH/POST /api/public/customers/:customUrl/:manageKey… */
export function customerRoutes(deps: CustomerPortalDeps) {
  return new Hono<AppEnv>()
    .get("/:customUrl/:manageKey", async (c) => c.json(await getCustomerPortal(deps, refOf(c))))
    .patch(
      "/:customUrl/:manageKey/email",
      validate("json", updateSubscriberEmailSchema),
      async (c) => c.json(await requestEmailChange(deps, refOf(c), c.req.valid("json").email)),
    )
    .post(
      "/:customUrl/:manageKey/new-link",
      validate("json", newManageLinkRequestSchema),
      async (c) => {
        const body: NewManageLinkResponse = await replaceManageLink(deps, refOf(c));
        return c.json(body);
      },
    );
}

/** POST /api/public/email-changes/confirm|undo: the buttons of the pages the e-mails link to. */
export function emailChangeRoutes(deps: CustomerPortalDeps) {
  return new Hono<AppEnv>()
    .post("/confirm", validate("json", emailChangeTokenRequestSchema), async (c) =>
      c.json(await confirmEmailChange(deps, c.req.valid("json").token)),
    )
    .post("/undo", validate("json", emailChangeTokenRequestSchema), async (c) =>
      c.json(await undoEmailChange(deps, c.req.valid("json").token)),
    );
}

/** The spec's two product API calls, taking the link's parts instead of Stripe ids. */
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
