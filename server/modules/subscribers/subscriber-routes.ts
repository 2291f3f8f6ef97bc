import { randomUUID } from "node:crypto";
import type { Context } from "hono";
import { Hono } from "hono";
import {
  cancelSubscriberSchema,
  listSubscribersQuerySchema,
  refundPaymentSchema,
  subscriberFilterSchema,
} from "../../../contracts/subscribers";
import { currentUser, requireCreator } from "../../auth/require-creator";
import type { AppEnv } from "../../http/app-env";
import { parseIdempotencyKey, parseUuidParam } from "../../http/params";
import { validate } from "../../http/validate";
import { idempotencyKeys, runIdempotent } from "../../lib/idempotency";
import { PAYMENT_NOT_FOUND, refundPayment } from "../refunds/refund-service";
import { exportPaymentsCsv, exportSubscribersCsv } from "./subscriber-export";
import {
  cancelSubscriber,
  getSubscriberDetail,
  listSubscriberPayments,
  listSubscribers,
  queryOf,
  SUBSCRIBER_NOT_FOUND,
  type SubscriberDeps,
} from "./subscriber-service";

/**
 * Streams a CSV as the client reads it: each pull reads the next batch from the database, so
 * memory holds one batch whatever the size of the export. The header and the first batch are
 * read before answering, so a failure there is an ordinary JSON error; a failure later breaks
 * the connection, so a cut-short download can't pass for a whole one.
 */
async function csvResponse(
  c: Context<AppEnv>,
  deps: SubscriberDeps,
  filename: string,
  chunks: AsyncGenerator<string>,
) {
  const encoder = new TextEncoder();
  const first: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    const next = await chunks.next();
    if (next.done) break;
    first.push(next.value);
  }
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(first.join("")));
    },
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        deps.logger.error({ err: error }, "CSV export failed part-way");
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return c.body(body, 200, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${filename}-${day}.csv"`,
    "Cache-Control": "no-store",
  });
}

export function subscriberRoutes(deps: SubscriberDeps) {
  const subscriberIdOf = (c: Context<AppEnv>) =>
    parseUuidParam(c.req.param("id"), SUBSCRIBER_NOT_FOUND);
  return new Hono<AppEnv>()
    .use(requireCreator())
    .get("/", validate("query", listSubscribersQuerySchema), async (c) =>
      c.json(await listSubscribers(deps, currentUser(c).id, c.req.valid("query"))),
    )
    .get("/export/subscribers.csv", validate("query", subscriberFilterSchema), async (c) => {
      const query = queryOf(currentUser(c).id, c.req.valid("query"));
      return csvResponse(c, deps, "subscribers", exportSubscribersCsv(deps, query));
    })
    .get("/export/payments.csv", validate("query", subscriberFilterSchema), async (c) => {
      const query = queryOf(currentUser(c).id, c.req.valid("query"));
      return csvResponse(c, deps, "payments", exportPaymentsCsv(deps, query));
    })
    .get("/:id", async (c) =>
      c.json(await getSubscriberDetail(deps, currentUser(c).id, subscriberIdOf(c))),
    )
    .get("/:id/payments", async (c) =>
      c.json(await listSubscriberPayments(deps, currentUser(c).id, subscriberIdOf(c))),
    )
    .post("/:id/payments/:earningId/refund", validate("json", refundPaymentSchema), async (c) => {
      const user = currentUser(c);
      const subscriberId = subscriberIdOf(c);
      const earningId = parseUuidParam(c.req.param("earningId"), PAYMENT_NOT_FOUND);
      const input = c.req.valid("json");
      // A double click sends the same key: one refund here and, with the same key, at Stripe.
      const clientKey = parseIdempotencyKey(c.req.header("idempotency-key"));
      const requestKey = idempotencyKeys.refundPayment(user.id, clientKey ?? randomUUID());
      const request = { subscriberId, earningId, ...input };
      const response = await runIdempotent(deps.db, requestKey, request, async () => ({
        status: 201,
        body: await refundPayment(deps, { userId: user.id, ...request, requestKey }),
      }));
      return c.json(response.body as object, response.status as 201);
    })
    .post("/:id/cancel", validate("json", cancelSubscriberSchema), async (c) => {
      const subscriber = await cancelSubscriber(
        deps,
        currentUser(c).id,
        subscriberIdOf(c),
        c.req.valid("json"),
      );
      return c.json({ subscriber });
    });
}
