import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import {
  createOfferingSchema,
  setOfferingStatusSchema,
  updateOfferingSchema,
} from "../../../contracts/offerings";
import { currentUser, requireCreator } from "../../auth/require-creator";
import type { AppEnv } from "../../http/app-env";
import { parseIdempotencyKey, parseUuidParam } from "../../http/params";
import { validate } from "../../http/validate";
import { idempotencyKeys, runIdempotent } from "../../lib/idempotency";
import {
  countLiveSubscribers,
  createOffering,
  listOfferings,
  type OfferingDeps,
  setOfferingActive,
  updateOffering,
} from "./offering-service";

export function offeringRoutes(deps: OfferingDeps) {
  return new Hono<AppEnv>()
    .use(requireCreator())
    .get("/", async (c) => c.json({ offerings: await listOfferings(deps, currentUser(c).id) }))
    .post("/", validate("json", createOfferingSchema), async (c) => {
      const user = currentUser(c);
      const input = c.req.valid("json");
      const clientKey = parseIdempotencyKey(c.req.header("idempotency-key"));
      const requestKey = idempotencyKeys.createOffering(user.id, clientKey ?? randomUUID());
      const response = await runIdempotent(deps.db, requestKey, input, async () => ({
        status: 201,
        body: { offering: await createOffering(deps, user, input, requestKey) },
      }));
      return c.json(response.body as object, response.status as 201);
    })
    .patch("/:id", validate("json", updateOfferingSchema), async (c) => {
      const id = parseUuidParam(c.req.param("id"), "That subscription was not found.");
      const offering = await updateOffering(deps, currentUser(c).id, id, c.req.valid("json"));
      return c.json({ offering });
    })
    .get("/:id/live-subscribers", async (c) => {
      const id = parseUuidParam(c.req.param("id"), "That subscription was not found.");
      const liveSubscriberCount = await countLiveSubscribers(deps, currentUser(c).id, id);
      return c.json({ liveSubscriberCount });
    })
    .patch("/:id/status", validate("json", setOfferingStatusSchema), async (c) => {
      const id = parseUuidParam(c.req.param("id"), "That subscription was not found.");
      const input = c.req.valid("json");
      return c.json({ offering: await setOfferingActive(deps, currentUser(c).id, id, input) });
    });
}
