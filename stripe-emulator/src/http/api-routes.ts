import type { Hono, MiddlewareHandler } from "hono";
import { accountRoutes } from "../api/accounts";
import { catalogueRoutes } from "../api/catalogue";
import { chargeRoutes } from "../api/charges";
import { checkoutRoutes } from "../api/checkout";
import { couponRoutes } from "../api/coupons";
import { customerRoutes } from "../api/customers";
import { disputeRoutes } from "../api/disputes";
import { eventRoutes } from "../api/events";
import { invoiceRoutes } from "../api/invoices";
import { paymentIntentRoutes } from "../api/payment-intents";
import { refundRoutes } from "../api/refunds";
import { setupIntentRoutes } from "../api/setup-intents";
import { subscriptionRoutes } from "../api/subscriptions";
import { testClockRoutes } from "../api/test-clocks";
import { transferRoutes } from "../api/transfers";
import { webhookEndpointRoutes } from "../api/webhook-endpoints";
import type { ApiRequest, Emulator, Route } from "../core/context";
import { StripeApiError, unknownParam } from "../core/errors";
import { applyExpand, toList } from "../core/expand";
import { checkShape } from "../core/shapes";
import type { StripeObject } from "../core/state";
import { publicView } from "../core/state";
import { authenticate, publishableKeyRefused } from "./auth";
import { expandPaths, readParams } from "./body";
import type { EmulatorEnv } from "./env";
import { injectFaults } from "./faults";
import { IdempotencyLayer, idempotencyKeyOf, idempotent } from "./idempotency";
import { commitAndRecord, renderResult } from "./respond";

const routes: Route[] = [
  ...accountRoutes,
  ...transferRoutes,
  ...chargeRoutes,
  ...catalogueRoutes,
  ...couponRoutes,
  ...customerRoutes,
  ...subscriptionRoutes,
  ...invoiceRoutes,
  ...paymentIntentRoutes,
  ...setupIntentRoutes,
  ...refundRoutes,
  ...disputeRoutes,
  ...checkoutRoutes,
  ...webhookEndpointRoutes,
  ...eventRoutes,
  ...testClockRoutes,
];

/** The Stripe-Account header must name a connected account of this platform. */
function connectedAccount(em: Emulator, header: string | undefined): string | null {
  if (header === undefined || header === "") return null;
  if (!em.store.get(header, "account"))
    throw new StripeApiError(403, {
      type: "invalid_request_error",
      code: "account_invalid",
      message: `The provided key does not have access to account '${header}' (or that account does not exist). Application access may have been revoked.`,
    });
  return header;
}

/** What the route accepts: its key kinds, its params (and their nesting), the account header. */
function validateRequest(em: Emulator, route: Route): MiddlewareHandler<EmulatorEnv> {
  return async (c, next) => {
    if (c.var.keyKind === "publishable" && !route.publishable) throw publishableKeyRefused();
    for (const [key, value] of Object.entries(c.var.params)) {
      if (key === "expand") continue;
      if (!route.allowed.includes(key)) throw unknownParam(key);
      const shape = route.nested?.[key];
      if (shape) checkShape(value, shape, key);
    }
    c.set("account", connectedAccount(em, c.req.header("stripe-account")));
    await next();
  };
}

function runRoute(em: Emulator, route: Route): MiddlewareHandler<EmulatorEnv> {
  return async (c) => {
    const request: ApiRequest = {
      method: c.req.method,
      path: c.req.path,
      params: c.var.params,
      account: c.var.account,
      keyKind: c.var.keyKind,
      requestId: c.var.requestId,
      idempotencyKey: idempotencyKeyOf(c.req.method, c.req.header("idempotency-key")),
    };
    em.currentRequest = { id: request.requestId, idempotencyKey: request.idempotencyKey };
    let result: unknown;
    try {
      result = em.store.atOneMoment(() =>
        route.handle(em, request, c.req.param() as { id: string }),
      );
    } finally {
      em.currentRequest = null;
    }
    if (Array.isArray(result))
      result = toList(result as StripeObject[], request.params, request.path);
    const expanded = applyExpand(em.store, result, expandPaths(request.params));
    return renderResult(c, { status: 200, body: publicView(expanded) });
  };
}

/**
 * Stripe's /v1 API: middlewares for every call (recorder, faults, key, params), then each
 * route's own chain (what it accepts, idempotency, the handler).
 */
export function mountApiRoutes(app: Hono<EmulatorEnv>, em: Emulator) {
  const idempotency = idempotent(new IdempotencyLayer(em.store));
  app.use("/v1/*", commitAndRecord(em), injectFaults(em), authenticate, readParams);
  for (const route of routes)
    app.on(route.method, route.path, validateRequest(em, route), idempotency, runRoute(em, route));
  app.all("/v1/*", (c) => {
    throw new StripeApiError(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${c.req.method}: ${c.req.path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    });
  });
}
