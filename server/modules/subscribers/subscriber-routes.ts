import { randomUUID } from "node:crypto";
import type { Context } from "hono";
import { currentUser } from "../../auth/require-creator";
import type { AppEnv } from "../../http/app-env";
import { declaredRouter } from "../../http/declared-router";
import { idempotencyKeys, runIdempotent } from "../../lib/idempotency";
import { refundPayment } from "../refunds/refund-service";
import {
  cancelSubscriberRoute,
  exportPaymentsRoute,
  exportSubscribersRoute,
  listSubscribersRoute,
  refundPaymentRoute,
  subscriberDetailRoute,
  subscriberPaymentsRoute,
} from "./subscriber-api";
import { exportPaymentsCsv, exportSubscribersCsv } from "./subscriber-export";
import {
  cancelSubscriber,
  getSubscriberDetail,
  listSubscriberPayments,
  listSubscribers,
  queryOf,
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

/** The handlers of subscriber-api.ts; createApp puts the session and limits in front. */
export function subscriberRoutes(deps: SubscriberDeps) {
  return declaredRouter()
    .openapi(listSubscribersRoute, async (c) =>
      c.json(await listSubscribers(deps, currentUser(c).id, c.req.valid("query")), 200),
    )
    .openapi(exportSubscribersRoute, async (c) => {
      const query = queryOf(currentUser(c).id, c.req.valid("query"));
      return csvResponse(c, deps, "subscribers", exportSubscribersCsv(deps, query));
    })
    .openapi(exportPaymentsRoute, async (c) => {
      const query = queryOf(currentUser(c).id, c.req.valid("query"));
      return csvResponse(c, deps, "payments", exportPaymentsCsv(deps, query));
    })
    .openapi(subscriberDetailRoute, async (c) => {
      const { id } = c.req.valid("param");
      return c.json(await getSubscriberDetail(deps, currentUser(c).id, id), 200);
    })
    .openapi(subscriberPaymentsRoute, async (c) => {
      const { id } = c.req.valid("param");
      return c.json(await listSubscriberPayments(deps, currentUser(c).id, id), 200);
    })
    .openapi(refundPaymentRoute, async (c) => {
      const user = currentUser(c);
      const { id: subscriberId, earningId } = c.req.valid("param");
      const input = c.req.valid("json");
      // A double click sends the same key: one refund here and, with the same key, at Stripe.
      const clientKey = c.req.valid("header")["idempotency-key"];
      const requestKey = idempotencyKeys.refundPayment(user.id, clientKey ?? randomUUID());
      const request = { subscriberId, earningId, ...input };
      const response = await runIdempotent(deps.db, requestKey, request, async () => ({
        status: 201,
        body: await refundPayment(deps, { userId: user.id, ...request, requestKey }),
      }));
      return c.json(response.body, response.status);
    })
    .openapi(cancelSubscriberRoute, async (c) => {
      const { id } = c.req.valid("param");
      const subscriber = await cancelSubscriber(deps, currentUser(c).id, id, c.req.valid("json"));
      return c.json({ subscriber }, 200);
    });
}
