import { Hono } from "hono";
import {
  checkoutRequestSchema,
  finalizeSubscriptionSchema,
  startSubscriptionSchema,
} from "../../../contracts/subscribe";
import type { AppEnv } from "../../http/app-env";
import { validate } from "../../http/validate";
import { AppError } from "../../lib/errors";
import { runIdempotent } from "../../lib/idempotency";
import type { BillingDeps } from "../billing/billing-sync";
import type { PublicOfferingReader } from "../offerings/public-offering-cache";
import {
  createCheckoutSession,
  finalizeSubscription,
  startSubscription,
} from "./subscribe-service";

export function subscribeRoutes(deps: BillingDeps & { readPublicOffering: PublicOfferingReader }) {
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
        `subscribe-${input.attemptId}`,
        input,
        async () => ({
          status: 201,
          body: await startSubscription(deps, input),
        }),
      );
      return c.json(response.body as object, response.status as 201);
    })
    .post("/subscribe/finalize", validate("json", finalizeSubscriptionSchema), async (c) =>
      c.json(await finalizeSubscription(deps, c.req.valid("json"))),
    )
    .post("/checkout", validate("json", checkoutRequestSchema), async (c) =>
      c.json(await createCheckoutSession(deps, c.req.valid("json").customUrl)),
    );
}
