import type { Context } from "hono";
import { declaredRouter } from "../../http/declared-router";
import { clientAddress } from "../../http/rate-limit";
import { AppError } from "../../lib/errors";
import { idempotencyKeys, runIdempotent } from "../../lib/idempotency";
import type { PublicOfferingReader } from "../offerings/public-offering-cache";
import { createCheckoutSession } from "./checkout-service";
import {
  checkoutRoute,
  checkPromoCodeRoute,
  finalizeSubscriptionRoute,
  publicOfferingRoute,
  startFreeSubscriptionRoute,
  startSubscriptionRoute,
} from "./subscribe-api";
import {
  checkPromoCode,
  finalizeSubscription,
  type SubscribeDeps,
  startFreeSubscription,
  startSubscription,
} from "./subscribe-service";

/** The handlers of subscribe-api.ts; createApp puts the limits in front. */
export function subscribeRoutes(
  deps: SubscribeDeps & { readPublicOffering: PublicOfferingReader; trustedProxyHops: number },
) {
  const callerOf = (c: Context) => ({ clientAddress: clientAddress(c, deps.trustedProxyHops) });
  return declaredRouter()
    .openapi(publicOfferingRoute, async (c) => {
      const offering = await deps.readPublicOffering(c.req.valid("param").customUrl);
      if (!offering) throw new AppError("not_found", "Subscription Not Found");
      return c.json({ offering }, 200);
    })
    .openapi(startSubscriptionRoute, async (c) => {
      const input = c.req.valid("json");
      const response = await runIdempotent(
        deps.db,
        idempotencyKeys.subscribe(input.customUrl, input.attemptId),
        input,
        async () => ({
          status: 201,
          body: await startSubscription(deps, input, callerOf(c)),
        }),
      );
      return c.json(response.body, response.status);
    })
    .openapi(startFreeSubscriptionRoute, async (c) => {
      const input = c.req.valid("json");
      const response = await runIdempotent(
        deps.db,
        idempotencyKeys.freeSubscribe(input.customUrl, input.attemptId),
        input,
        async () => ({
          status: 201,
          // One transaction: the address's turn (see startFreeSubscription) lasts until commit.
          body: await deps.db.transaction((tx) =>
            startFreeSubscription({ ...deps, db: tx }, input),
          ),
        }),
      );
      return c.json(response.body, response.status);
    })
    .openapi(finalizeSubscriptionRoute, async (c) =>
      c.json(await finalizeSubscription(deps, c.req.valid("json"), callerOf(c)), 200),
    )
    .openapi(checkoutRoute, async (c) =>
      c.json(await createCheckoutSession(deps, c.req.valid("json"), callerOf(c)), 200),
    )
    .openapi(checkPromoCodeRoute, async (c) =>
      c.json(await checkPromoCode(deps, c.req.valid("json")), 200),
    );
}
