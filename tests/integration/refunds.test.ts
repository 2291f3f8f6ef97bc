import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { earningsSchema } from "../../contracts/dashboard";
import { startSubscriptionResponseSchema } from "../../contracts/subscribe";
import { refundPaymentResultSchema, subscriberPaymentsSchema } from "../../contracts/subscribers";
import {
  creatorEarnings,
  creatorEarningsMonthly,
  idempotencyRecords,
} from "../../server/db/schema/app";
import { idempotencyKeys } from "../../server/lib/idempotency";
import { asCreator, type TestCreator } from "../factories/creator-factory";
import { createOffering, createOnboardedCreator } from "../factories/offering-factory";
import { confirmCardPayment, createPaymentMethod, testCards } from "../factories/stripe-browser";
import { subscribeWithCard } from "../factories/subscriber-factory";
import { readOutbox } from "../setup/outbox";
import { createTestApp, jsonRequest, type TestApp } from "../setup/test-app";
import { readApiError, readJson } from "../support/read-json";

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

async function paidSubscriber(priceCents = 2500) {
  const creator = await createOnboardedCreator(app);
  const offering = await createOffering(app, creator, { title: "Yoga Class", priceCents });
  const email = `ref-${randomUUID().slice(0, 8)}@example.com`;
  const { subscriberId } = await subscribeWithCard(app, offering, { name: "Robin", email });
  await app.flushWebhooks();
  const [payment] = await paymentsOf(creator, subscriberId);
  if (!payment) throw new Error("no payment recorded");
  return { creator, offering, subscriberId, email, payment };
}

async function paymentsOf(creator: TestCreator, subscriberId: string) {
  const response = await app.request(
    `/api/subscribers/${subscriberId}/payments`,
    asCreator(creator),
  );
  expect(response.status).toBe(200);
  return (await readJson(response, subscriberPaymentsSchema)).payments;
}

async function earningsOf(creator: TestCreator) {
  const response = await app.request("/api/dashboard/earnings", asCreator(creator));
  expect(response.status).toBe(200);
  return readJson(response, earningsSchema);
}

function refund(
  creator: TestCreator,
  subscriberId: string,
  paymentId: string,
  amountCents: number,
  key: string = randomUUID(),
) {
  return app.request(
    `/api/subscribers/${subscriberId}/payments/${paymentId}/refund`,
    asCreator(creator, jsonRequest("POST", { amountCents }, { "Idempotency-Key": key })),
  );
}

async function refundRows(subscriberId: string) {
  const rows = await app.runtime.deps.db
    .select()
    .from(creatorEarnings)
    .where(eq(creatorEarnings.subscriberId, subscriberId));
  return rows.filter((row) => row.kind === "refund");
}

describe("refunds from the payment history (issue 13)", () => {
  it("refunds part of a payment: a negative row, figures drop by the net, one e-mail", async () => {
    const { creator, subscriberId, email, payment } = await paidSubscriber(2500);
    const before = await earningsOf(creator);

    const response = await refund(creator, subscriberId, payment.id, 1000);
    expect(response.status).toBe(201);
    const body = await readJson(response, refundPaymentResultSchema);
    expect(body.refund.amountCents).toBe(1000);
    expect(body.payment).toMatchObject({ refundedCents: 1000, canRefund: true, dispute: "none" });

    // The webhook (charge.refunded) arrives after the route recorded it: still one row.
    await app.flushWebhooks();
    const rows = await refundRows(subscriberId);
    expect(rows).toHaveLength(1);
    const feeBack = Math.round((payment.feeCents * 1000) / payment.amountCents);
    expect(rows[0]).toMatchObject({
      grossAmountCents: -1000,
      platformFeeCents: -feeBack,
      netAmountCents: -1000 + feeBack,
      stripeSourceId: `${body.refund.id}:refund`,
    });
    // The original row is untouched.
    const [original] = await paymentsOf(creator, subscriberId);
    expect(original).toMatchObject({ amountCents: 2500, netCents: payment.netCents });

    const after = await earningsOf(creator);
    expect(after.totalNetEarningsCents).toBe(before.totalNetEarningsCents - (1000 - feeBack));
    expect(after.totalPlatformFeesCents).toBe(before.totalPlatformFeesCents - feeBack);
    expect(after.totalPayments).toBe(before.totalPayments);
    expect(after.recent[0]).toMatchObject({ grossCents: -1000 });
    const [month] = await app.runtime.deps.db
      .select()
      .from(creatorEarningsMonthly)
      .where(eq(creatorEarningsMonthly.userId, creator.id));
    expect(month?.payments).toBe(1);

    // The payments export has the refund as its own negative record.
    const csv = await (
      await app.request(`/api/subscribers/export/payments.csv?q=${email}`, asCreator(creator))
    ).text();
    expect(csv).toMatch(/-10\.00.*Refund/);

    const mail = await readOutbox(app, email, "payment_refunded");
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe("Refund of $10.00 for Yoga Class");
    expect(mail[0]?.text).toContain("$10.00");
    expect(mail[0]?.dedupeKey).toBe(`refund:${body.refund.id}`);
  });

  it("refunds the rest in full, then refuses any more", async () => {
    const { creator, subscriberId, payment } = await paidSubscriber(2500);
    expect((await refund(creator, subscriberId, payment.id, 500)).status).toBe(201);
    expect((await refund(creator, subscriberId, payment.id, 2000)).status).toBe(201);
    await app.flushWebhooks();
    const rows = await refundRows(subscriberId);
    expect(rows.reduce((sum, row) => sum + row.grossAmountCents, 0)).toBe(-2500);
    // The fee given back never exceeds the fee taken.
    expect(rows.reduce((sum, row) => sum + row.platformFeeCents, 0)).toBe(-payment.feeCents);
    const [after] = await paymentsOf(creator, subscriberId);
    expect(after).toMatchObject({ refundedCents: 2500, canRefund: false });

    const again = await refund(creator, subscriberId, payment.id, 1);
    expect(again.status).toBe(409);
    expect((await readApiError(again)).message).toMatch(/already been refunded in full/);
  });

  it("refuses more than what remains with a clear 400, and bad amounts", async () => {
    const { creator, subscriberId, payment } = await paidSubscriber(2500);
    const first = await refund(creator, subscriberId, payment.id, 2000);
    expect(first.status, await first.clone().text()).toBe(201);
    const over = await refund(creator, subscriberId, payment.id, 501);
    expect(over.status).toBe(400);
    const error = await readApiError(over);
    expect(error.code).toBe("validation_failed");
    expect(error.message).toContain("At most $5.00");
    for (const amountCents of [0, -5, 12.5, "10"]) {
      const bad = await refund(creator, subscriberId, payment.id, amountCents as number);
      expect(bad.status, String(amountCents)).toBe(400);
    }
    expect(await refundRows(subscriberId)).toHaveLength(1);
  });

  it("answers 404 for another creator's payment, and for an unknown one", async () => {
    const { subscriberId, payment } = await paidSubscriber();
    const other = await createOnboardedCreator(app);
    expect((await refund(other, subscriberId, payment.id, 100)).status).toBe(404);
    const mine = await paidSubscriber();
    // Another creator's payment under one's own subscriber is not found either.
    expect((await refund(mine.creator, mine.subscriberId, payment.id, 100)).status).toBe(404);
    expect((await refund(mine.creator, mine.subscriberId, randomUUID(), 100)).status).toBe(404);
    expect((await refund(mine.creator, mine.subscriberId, "not-a-uuid", 100)).status).toBe(404);
    expect(await refundRows(subscriberId)).toHaveLength(0);
  });

  it("makes one refund of a double click: the same key twice, and twice at once", async () => {
    const { creator, subscriberId, payment } = await paidSubscriber(2500);
    const key = randomUUID();
    const first = await refund(creator, subscriberId, payment.id, 700, key);
    const second = await refund(creator, subscriberId, payment.id, 700, key);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    const firstId = (await readJson(first, refundPaymentResultSchema)).refund.id;
    expect((await readJson(second, refundPaymentResultSchema)).refund.id).toBe(firstId);

    const parallelKey = randomUUID();
    const parallel = await Promise.all([
      refund(creator, subscriberId, payment.id, 300, parallelKey),
      refund(creator, subscriberId, payment.id, 300, parallelKey),
    ]);
    expect(parallel.map((r) => r.status)).toEqual([201, 201]);
    await app.flushWebhooks();
    const rows = await refundRows(subscriberId);
    expect(rows.map((row) => row.grossAmountCents).sort()).toEqual([-300, -700]);
    const refunds = await app.runtime.deps.stripe.refunds.list({
      payment_intent: rows[0]!.stripePaymentIntentId!,
    });
    expect(refunds.data).toHaveLength(2);
  });

  it("takes a changed amount as a new refund: a new key from the dialog, and at Stripe even under an old key", async () => {
    const { creator, subscriberId, payment } = await paidSubscriber(2500);
    const key = randomUUID();
    // Refunds that reached Stripe, then lost their stored answer here (the record of a request
    // that failed after Stripe answered is released so the client can retry).
    const forgetAnswer = () =>
      app.runtime.deps.db
        .delete(idempotencyRecords)
        .where(eq(idempotencyRecords.key, idempotencyKeys.refundPayment(creator.id, key)));
    expect((await refund(creator, subscriberId, payment.id, 1000, key)).status).toBe(201);
    await forgetAnswer();
    // The same request again is the same refund at Stripe, not a second.
    const retried = await refund(creator, subscriberId, payment.id, 1000, key);
    expect(retried.status).toBe(201);
    await forgetAnswer();
    // Another amount under that key is another request: made, not refused on every retry.
    const changed = await refund(creator, subscriberId, payment.id, 500, key);
    expect(changed.status, await changed.clone().text()).toBe(201);
    // The dialog sends a changed amount with a new key (web/src/lib/request-keys.ts).
    const newKey = await refund(creator, subscriberId, payment.id, 200, randomUUID());
    expect(newKey.status).toBe(201);

    const refunds = await app.runtime.deps.stripe.refunds.list({
      payment_intent: (await refundRows(subscriberId))[0]!.stripePaymentIntentId!,
    });
    expect(refunds.data.map((made) => made.amount).sort((a, b) => a - b)).toEqual([200, 500, 1000]);
  });

  it("refuses a payment that has not gone through, saying why", async () => {
    // Our rows exist only for paid invoices, so a pending payment row can't arise on its own.
    // The server's check is exercised by pointing a recorded payment at a PaymentIntent that
    // is waiting for 3-D Secure (a real one at the emulator, confirmed but not answered).
    const { creator, subscriberId, payment, offering } = await paidSubscriber(2500);
    const paymentMethodId = await createPaymentMethod(app, testCards.threeDSecure);
    const start = await app.request(
      "/api/public/subscribe",
      jsonRequest("POST", {
        customUrl: offering.customUrl,
        attemptId: randomUUID(),
        name: "Pending Pat",
        email: `pending-${randomUUID().slice(0, 6)}@example.com`,
        paymentMethodId,
      }),
    );
    expect(start.status).toBe(201);
    const { clientSecret } = await readJson(start, startSubscriptionResponseSchema);
    if (!clientSecret) throw new Error("A 3-D Secure card's first payment has a client secret");
    await confirmCardPayment(app, clientSecret, paymentMethodId);
    const pendingIntent = clientSecret.split("_secret_")[0]!;
    const intent = await app.runtime.deps.stripe.paymentIntents.retrieve(pendingIntent);
    expect(intent.status).toBe("requires_action");
    await app.runtime.deps.db
      .update(creatorEarnings)
      .set({ stripePaymentIntentId: pendingIntent })
      .where(eq(creatorEarnings.id, payment.id));

    const response = await refund(creator, subscriberId, payment.id, 100);
    expect(response.status).toBe(409);
    const error = await readApiError(response);
    expect(error.message).toMatch(/has not gone through yet/);
    expect(error.message).toContain("requires_action");
    expect(await refundRows(subscriberId)).toHaveLength(0);
  });
});
