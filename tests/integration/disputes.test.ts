import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { earningsSchema } from "../../contracts/dashboard";
import { subscriberPaymentsSchema } from "../../contracts/subscribers";
import { creatorEarnings } from "../../server/db/schema/app";
import { asCreator, type TestCreator } from "../factories/creator-factory";
import { createOffering, createOnboardedCreator } from "../factories/offering-factory";
import { subscribeWithCard } from "../factories/subscriber-factory";
import { createTestApp, jsonRequest, type TestApp } from "../setup/test-app";
import { readApiError, readJson } from "../support/read-json";

// Issue 13: test card 4000 0000 0000 0259 succeeds and is disputed at once, as on Stripe. The
// charge.dispute.* webhooks record the withdrawn amount and the outcome on the payment.

const DISPUTED_CARD = "4000000000000259";
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

async function disputedPayment() {
  const creator = await createOnboardedCreator(app);
  const offering = await createOffering(app, creator, { title: "Bike Repair", priceCents: 3000 });
  const { subscriberId } = await subscribeWithCard(app, offering, {
    card: DISPUTED_CARD,
    email: `dispute-${randomUUID().slice(0, 6)}@example.com`,
  });
  await app.flushWebhooks();
  const [payment] = await paymentsOf(creator, subscriberId);
  if (!payment) throw new Error("no payment recorded");
  const [row] = await app.runtime.deps.db
    .select()
    .from(creatorEarnings)
    .where(eq(creatorEarnings.id, payment.id));
  const intent = await app.runtime.deps.stripe.paymentIntents.retrieve(row!.stripePaymentIntentId!);
  const disputes = await app.runtime.deps.stripe.disputes.list({
    charge: intent.latest_charge as string,
  });
  const dispute = disputes.data[0];
  if (!dispute) throw new Error("no dispute recorded");
  return { creator, subscriberId, payment, dispute };
}

async function paymentsOf(creator: TestCreator, subscriberId: string) {
  const response = await app.request(
    `/api/subscribers/${subscriberId}/payments`,
    asCreator(creator),
  );
  return (await readJson(response, subscriberPaymentsSchema)).payments;
}

async function adjustmentRows(subscriberId: string) {
  const rows = await app.runtime.deps.db
    .select()
    .from(creatorEarnings)
    .where(eq(creatorEarnings.subscriberId, subscriberId));
  return rows.filter((row) => row.kind !== "payment");
}

async function totalNet(creator: TestCreator) {
  const response = await app.request("/api/dashboard/earnings", asCreator(creator));
  return (await readJson(response, earningsSchema)).totalNetEarningsCents;
}

async function closeDispute(id: string, outcome: "won" | "lost") {
  const response = await fetch(`${app.runtime.emulator!.url}/_emulator/disputes/${id}/close`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ outcome }),
  });
  expect(response.status).toBe(200);
  await app.flushWebhooks();
}

describe("disputes (issue 13)", () => {
  it("records the withdrawn amount when a dispute opens, and refuses a refund of it", async () => {
    const { creator, subscriberId, payment, dispute } = await disputedPayment();
    expect(dispute.status).toBe("needs_response");
    expect(dispute.amount).toBe(3000);
    const rows = await adjustmentRows(subscriberId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "dispute", grossAmountCents: -3000 });
    expect(rows[0]!.netAmountCents).toBe(-payment.netCents);
    expect(await totalNet(creator)).toBe(0);
    expect(payment).toMatchObject({ dispute: "disputed", disputedCents: 3000, canRefund: false });

    const refund = await app.request(
      `/api/subscribers/${subscriberId}/payments/${payment.id}/refund`,
      asCreator(creator, jsonRequest("POST", { amountCents: 100 })),
    );
    expect(refund.status).toBe(409);
    expect((await readApiError(refund)).message).toMatch(/disputed/);
  });

  it("reinstates the amount when the dispute is won, once however often it is told", async () => {
    const { creator, subscriberId, payment, dispute } = await disputedPayment();
    await closeDispute(dispute.id, "won");
    const rows = await adjustmentRows(subscriberId);
    expect(rows.map((row) => [row.kind, row.grossAmountCents]).sort()).toEqual([
      ["dispute", -3000],
      ["dispute_won", 3000],
    ]);
    expect(await totalNet(creator)).toBe(payment.netCents);
    const [after] = await paymentsOf(creator, subscriberId);
    expect(after).toMatchObject({ dispute: "won", disputedCents: 0 });
  });

  it("keeps the amount withdrawn when the dispute is lost, and says so", async () => {
    const { creator, subscriberId, dispute } = await disputedPayment();
    await closeDispute(dispute.id, "lost");
    expect(await totalNet(creator)).toBe(0);
    const [after] = await paymentsOf(creator, subscriberId);
    expect(after).toMatchObject({ dispute: "lost", disputedCents: 3000, canRefund: false });
  });
});
