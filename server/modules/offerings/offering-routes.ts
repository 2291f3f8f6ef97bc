import { randomUUID } from "node:crypto";
import { currentUser } from "../../auth/require-creator";
import { declaredRouter } from "../../http/declared-router";
import { idempotencyKeys, runIdempotent } from "../../lib/idempotency";
import {
  createOfferingRoute,
  listOfferingsRoute,
  liveSubscriberCountRoute,
  setOfferingStatusRoute,
  updateOfferingRoute,
} from "./offering-api";
import {
  countLiveSubscribers,
  createOffering,
  listOfferings,
  type OfferingDeps,
  setOfferingActive,
  updateOffering,
} from "./offering-service";

/** The handlers of offering-api.ts; createApp puts the session and limits in front. */
export function offeringRoutes(deps: OfferingDeps) {
  return declaredRouter()
    .openapi(listOfferingsRoute, async (c) =>
      c.json({ offerings: await listOfferings(deps, currentUser(c).id) }, 200),
    )
    .openapi(createOfferingRoute, async (c) => {
      const user = currentUser(c);
      const input = c.req.valid("json");
      const clientKey = c.req.valid("header")["idempotency-key"];
      const requestKey = idempotencyKeys.createOffering(user.id, clientKey ?? randomUUID());
      const response = await runIdempotent(deps.db, requestKey, input, async () => ({
        status: 201,
        body: { offering: await createOffering(deps, user, input, requestKey) },
      }));
      return c.json(response.body, response.status);
    })
    .openapi(updateOfferingRoute, async (c) => {
      const { id } = c.req.valid("param");
      const offering = await updateOffering(deps, currentUser(c).id, id, c.req.valid("json"));
      return c.json({ offering }, 200);
    })
    .openapi(liveSubscriberCountRoute, async (c) => {
      const { id } = c.req.valid("param");
      const liveSubscriberCount = await countLiveSubscribers(deps, currentUser(c).id, id);
      return c.json({ liveSubscriberCount }, 200);
    })
    .openapi(setOfferingStatusRoute, async (c) => {
      const { id } = c.req.valid("param");
      const input = c.req.valid("json");
      return c.json({ offering: await setOfferingActive(deps, currentUser(c).id, id, input) }, 200);
    });
}
