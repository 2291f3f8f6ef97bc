import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { createCustomerWithCard, createMonthlyPrice } from "./fixtures";
import { openTargetPerFile, type Target } from "./target";

// Disputes through the official SDK: test card 4000 0000 0000 0259 succeeds and is disputed at
// once, as on Stripe. Closing a dispute is an emulator control (on Stripe a test dispute is
// won or lost by submitting evidence), so this suite runs on the emulator only.

let target: Target;
let stripe: Stripe;

openTargetPerFile(
  (opened) => {
    target = opened;
    stripe = opened.stripe;
  },
  { forceEmulator: true },
);

async function disputedCharge() {
  const price = await createMonthlyPrice(target, 2000);
  const { customer } = await createCustomerWithCard(target, "4000000000000259");
  const subscription = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: price.id }],
    expand: ["latest_invoice.payments"],
  });
  expect(subscription.status).toBe("active");
  const invoice = subscription.latest_invoice as Stripe.Invoice;
  const payment = invoice.payments?.data[0]?.payment;
  const intent = await stripe.paymentIntents.retrieve(payment?.payment_intent as string);
  expect(intent.status).toBe("succeeded");
  return stripe.charges.retrieve(intent.latest_charge as string);
}

async function close(id: string, outcome: string) {
  return fetch(`${target.emulator!.url}/_emulator/disputes/${id}/close`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ outcome }),
  });
}

describe("disputes", () => {
  it("disputes a charge of card 0259: needs_response, charge.disputed, listed by charge", async () => {
    const charge = await disputedCharge();
    expect(charge.disputed).toBe(true);
    const { data } = await stripe.disputes.list({ charge: charge.id });
    expect(data).toHaveLength(1);
    const dispute = await stripe.disputes.retrieve(data[0]!.id);
    expect(dispute).toMatchObject({
      object: "dispute",
      amount: 2000,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      status: "needs_response",
      currency: "usd",
    });
  });

  it("closes a dispute won or lost, once, and sends the events", async () => {
    const charge = await disputedCharge();
    const [dispute] = (await stripe.disputes.list({ charge: charge.id })).data;
    expect((await close(dispute!.id, "maybe")).status).toBe(400);
    expect((await close(dispute!.id, "won")).status).toBe(200);
    expect((await stripe.disputes.retrieve(dispute!.id)).status).toBe("won");
    expect((await close(dispute!.id, "lost")).status).toBe(400);
    const events = await stripe.events.list({ limit: 100 });
    const types = events.data
      .filter((event) => (event.data.object as { id?: string }).id === dispute!.id)
      .map((event) => event.type)
      .sort();
    expect(types).toEqual([
      "charge.dispute.closed",
      "charge.dispute.created",
      "charge.dispute.funds_reinstated",
      "charge.dispute.funds_withdrawn",
    ]);
    expect((await close("dp_nonexistent", "lost")).status).toBe(400);
  });
});
