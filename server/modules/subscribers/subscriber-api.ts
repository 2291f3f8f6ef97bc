import { z } from "zod";
import {
  cancelSubscriberResultSchema,
  cancelSubscriberSchema,
  listSubscribersQuerySchema,
  refundPaymentResultSchema,
  refundPaymentSchema,
  subscriberDetailSchema,
  subscriberFilterSchema,
  subscriberPageSchema,
  subscriberPaymentsSchema,
} from "../../../contracts/subscribers";
import { idempotencyKeyHeaderSchema } from "../../http/params";
import {
  declareRoute,
  errorResponses,
  jsonBody,
  jsonResponse,
  limitedBy,
} from "../../http/route-declaration";
import { creatorStripe, databaseOnly } from "../../http/route-limits";
import { PAYMENT_NOT_FOUND } from "../refunds/refund-service";
import { SUBSCRIBER_NOT_FOUND } from "./subscriber-service";

const subscriberId = z.uuid({ error: SUBSCRIBER_NOT_FOUND });
const subscriberParams = z.object({ id: subscriberId });

export const listSubscribersRoute = declareRoute({
  method: "get",
  path: "/api/subscribers",
  summary: "The creator's subscribers, searched, filtered, sorted and paged by keyset",
  tags: ["subscribers"],
  access: "creator",
  limit: databaseOnly,
  request: { query: listSubscribersQuerySchema },
  responses: {
    200: jsonResponse(subscriberPageSchema, "One page of subscribers"),
    ...errorResponses([400, "A filter is not valid, or the page link is out of date."], 401),
  },
});

/** An export: the CSV, streamed as it is read; a bad filter is a JSON 400 before any of it. */
const csvExport = (description: string) => ({
  description,
  content: { "text/csv": { schema: z.string() } },
});

export const exportSubscribersRoute = declareRoute({
  method: "get",
  path: "/api/subscribers/export/subscribers.csv",
  summary: "Export the subscribers the list's filter shows, as CSV",
  tags: ["subscribers"],
  access: "creator",
  limit: databaseOnly,
  request: { query: subscriberFilterSchema },
  responses: {
    200: csvExport("The subscribers, one per row (an attachment)"),
    ...errorResponses(400, 401),
  },
});

export const exportPaymentsRoute = declareRoute({
  method: "get",
  path: "/api/subscribers/export/payments.csv",
  summary: "Export the payments of the subscribers the list's filter shows, as CSV",
  description: "One row per payment, refund or dispute, in dollars.",
  tags: ["subscribers"],
  access: "creator",
  limit: databaseOnly,
  request: { query: subscriberFilterSchema },
  responses: {
    200: csvExport("The payments, one per row (an attachment)"),
    ...errorResponses(400, 401),
  },
});

export const subscriberDetailRoute = declareRoute({
  method: "get",
  path: "/api/subscribers/{id}",
  summary: "One subscriber: their subscription, self-service link and the e-mails sent to them",
  tags: ["subscribers"],
  access: "creator",
  limit: databaseOnly,
  request: { params: subscriberParams },
  responses: {
    200: jsonResponse(subscriberDetailSchema, "The subscriber"),
    ...errorResponses(401, 404),
  },
});

export const subscriberPaymentsRoute = declareRoute({
  method: "get",
  path: "/api/subscribers/{id}/payments",
  summary: "One subscriber's payments, each with its fee, net, refunds and dispute",
  tags: ["subscribers"],
  access: "creator",
  limit: databaseOnly,
  request: { params: subscriberParams },
  responses: {
    200: jsonResponse(subscriberPaymentsSchema, "The payments"),
    ...errorResponses(401, 404),
  },
});

export const refundPaymentRoute = declareRoute({
  method: "post",
  path: "/api/subscribers/{id}/payments/{earningId}/refund",
  summary: "Refund one payment of a subscriber, in full or in part",
  description:
    "Send a fresh Idempotency-Key per submit attempt, and the same one on its retries: a retry or a double click then refunds once, here and at Stripe, and answers as the first did.",
  tags: ["subscribers"],
  access: "creator",
  limit: limitedBy(creatorStripe, "Refunds the charge at Stripe and reverses its transfer."),
  request: {
    params: z.object({ id: subscriberId, earningId: z.uuid({ error: PAYMENT_NOT_FOUND }) }),
    headers: idempotencyKeyHeaderSchema,
    body: jsonBody(refundPaymentSchema),
  },
  responses: {
    201: jsonResponse(refundPaymentResultSchema, "The refund and the payment as changed"),
    ...errorResponses(
      [400, "The amount is not valid, or more than what remains refundable."],
      401,
      404,
      [
        409,
        "The payment can't be refunded (not through Stripe, not yet succeeded, disputed, or refunded in full), or the same key was used with another amount, or its first request is still running.",
      ],
      415,
      429,
      502,
    ),
  },
});

export const cancelSubscriberRoute = declareRoute({
  method: "post",
  path: "/api/subscribers/{id}/cancel",
  summary: "Cancel a subscriber now or at the end of their period",
  tags: ["subscribers"],
  access: "creator",
  limit: limitedBy(creatorStripe, "Cancels the subscription at Stripe."),
  request: { params: subscriberParams, body: jsonBody(cancelSubscriberSchema) },
  responses: {
    200: jsonResponse(cancelSubscriberResultSchema, "The subscriber as changed"),
    ...errorResponses(400, 401, 404, [409, "Already cancelled."], 415, 429, 502),
  },
});

export const subscriberApi = [
  listSubscribersRoute,
  exportSubscribersRoute,
  exportPaymentsRoute,
  subscriberDetailRoute,
  subscriberPaymentsRoute,
  refundPaymentRoute,
  cancelSubscriberRoute,
];
