import { type Context, Hono } from "hono";
import {
  checkoutRequestSchema,
  finalizeSubscriptionSchema,
  startFreeSubscriptionSchema,
  startSubscriptionSchema,
} from "../../../contracts/subscribe";
import type { AppEnv } from "../../http/app-env";
import { clientAddress } from "../../http/rate-limit";
import { validate } from "../../http/validate";
import { AppError } from "../../lib/errors";
import { idempotencyKeys, runIdempotent } from "../../lib/idempotency";
import type { PublicOfferingReader } from "../offerings/public-offering-cache";
import {
  createCheckoutSession,
  finalizeSubscription,
  type SubscribeDeps,
  startFreeSubscription,
  startSubscription,
} from "./subscribe-service";

export function subscribeRoutes(
  deps: SubscribeDeps & { readPublicOffering: PublicOfferingReader; trustedProxyHops: number },
) {
  const callerOf = (c: Context) => ({ clientAddress: clientAddress(c, deps.trustedProxyHops) });
  return new Hono<AppEnv>()
    .get("/offerings/:customUrl", async (c) => {
      const offering = await deps.readPublicOffering(c.req.param("customUrl"));
      if (!offering) throw new AppError("not_found", "Subscription Not Found");
      return c.json({ offering });
    })
    .post("/subscribe", validate("json", startSubscriptionSchema), async (c) => {
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
      return c.json(response.body as object, response.status as 201);
    })
    .post("/subscribe/free", validate("json", startFreeSubscriptionSchema), async (c) => {
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
      return c.json(response.body as object, response.status as 201);
    })
    .post("/subscribe/finalize", validate("json", finalizeSubscriptionSchema), async (c) =>
      c.json(await finalizeSubscription(deps, c.req.valid("json"), callerOf(c))),
    )
    .post("/checkout", validate("json", checkoutRequestSchema), async (c) =>
      c.json(await createCheckoutSession(deps, c.req.valid("json"), callerOf(c))),
    );
}
