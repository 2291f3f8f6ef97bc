import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  caught,
  createCustomerWithCard,
  createExpressAccount,
  createMonthlyPrice,
} from "./fixtures";
import { advanceEmulatorTo, openEmulatorPerFile } from "./target";

// A subscription's application_fee_percent changed while it runs (issue 23, ADR 037), through
// the official SDK: the next invoice takes its fee from the new value; one already paid keeps
// its own. Emulator only: the clock moves the whole emulator.

const DAY = 86_400;
const suite = openEmulatorPerFile();

async function destinationSubscription(unitAmount: number, percent: number) {
  const account = await createExpressAccount(suite.target);
  const price = await createMonthlyPrice(suite.target, unitAmount);
  const { customer } = await createCustomerWithCard(suite.target, "4242424242424242");
  const subscription = await suite.stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: price.id }],
    application_fee_percent: percent,
    transfer_data: { destination: account.id },
  });
  return { subscription, account };
}

/** The fee Stripe took on each paid invoice of the subscription, oldest first. */
async function feesTaken(subscription: string) {
  const { stripe } = suite;
  const invoices = await stripe.invoices.list({
    subscription,
    limit: 100,
    expand: ["data.payments"],
  });
  const paid = invoices.data
    .filter((i) => i.status === "paid")
    .sort((a, b) => a.created - b.created);
  return Promise.all(
    paid.map(async (invoice) => {
      const intent = invoice.payments!.data[0]!.payment.payment_intent as string;
      return (await stripe.paymentIntents.retrieve(intent)).application_fee_amount;
    }),
  );
}

describe("application_fee_percent on a running subscription", () => {
  it("takes effect on the next invoice, and says what changed", async () => {
    const { stripe } = suite;
    const { subscription } = await destinationSubscription(5000, 15);
    const updated = await stripe.subscriptions.update(subscription.id, {
      application_fee_percent: 3.91,
    });
    expect(updated.application_fee_percent).toBe(3.91);
    const events = await stripe.events.list({ type: "customer.subscription.updated", limit: 10 });
    const changed = events.data.find(
      (e) => (e.data.object as { id: string }).id === subscription.id,
    );
    expect(changed?.data.previous_attributes).toEqual({ application_fee_percent: 15 });

    await advanceEmulatorTo(stripe, subscription.items.data[0]!.current_period_end + DAY);
    // 15% of $50 on the first invoice; 3.91% of $50 = 195.5 → 196 on the renewal.
    expect(await feesTaken(subscription.id)).toEqual([750, 196]);
  });

  it("records no change when set to what it already is", async () => {
    const { stripe } = suite;
    const { subscription } = await destinationSubscription(2000, 5);
    await stripe.subscriptions.update(subscription.id, { application_fee_percent: 5 });
    const events = await stripe.events.list({ type: "customer.subscription.updated", limit: 20 });
    const changes = events.data.filter(
      (e) =>
        (e.data.object as { id: string }).id === subscription.id &&
        "application_fee_percent" in (e.data.previous_attributes ?? {}),
    );
    expect(changes).toEqual([]);
  });

  it("refuses a percentage outside 0 to 100 or with more than two decimals", async () => {
    const { stripe } = suite;
    const { subscription } = await destinationSubscription(2000, 5);
    for (const percent of [-1, 100.5, 3.125]) {
      const error = await caught(
        stripe.subscriptions.update(subscription.id, { application_fee_percent: percent }),
      );
      expect(error).toMatchObject({
        type: "StripeInvalidRequestError",
        param: "application_fee_percent",
      });
    }
    expect((await stripe.subscriptions.retrieve(subscription.id)).application_fee_percent).toBe(5);
  });
});

/** Stripe's hour as a draft after invoice.created (the emulator's default is none). */
async function setRenewalDraftSeconds(seconds: number) {
  const response = await fetch(`${suite.base}/_emulator/settings`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ renewalDraftSeconds: seconds }),
  });
  expect(response.status).toBe(200);
}

describe("a renewal as a draft, with its fee set before it is finalized", () => {
  beforeAll(() => setRenewalDraftSeconds(3600));
  afterAll(() => setRenewalDraftSeconds(0));

  it("waits an hour after invoice.created, then charges the draft's application_fee_amount", async () => {
    const { stripe } = suite;
    const { subscription } = await destinationSubscription(5000, 15);
    const end = subscription.items.data[0]!.current_period_end;
    await advanceEmulatorTo(stripe, end + 60);
    const renewed = await stripe.subscriptions.retrieve(subscription.id);
    const draft = await stripe.invoices.retrieve(renewed.latest_invoice as string);
    expect(draft).toMatchObject({ status: "draft", billing_reason: "subscription_cycle" });
    expect(renewed.items.data[0]!.current_period_start).toBe(end);
    const created = await stripe.events.list({ type: "invoice.created", limit: 10 });
    expect(created.data.map((e) => (e.data.object as { id: string }).id)).toContain(draft.id);

    await stripe.invoices.update(draft.id!, { application_fee_amount: 175 });
    // Nothing is charged during the hour.
    await advanceEmulatorTo(stripe, end + 1800);
    expect((await stripe.invoices.retrieve(draft.id!)).status).toBe("draft");
    await advanceEmulatorTo(stripe, end + 3600 + 60);
    const paid = await stripe.invoices.retrieve(draft.id!);
    expect(paid.status).toBe("paid");
    expect(paid.status_transitions.finalized_at).toBe(end + 3600);
    expect(await feesTaken(subscription.id)).toEqual([750, 175]);
  });

  it("refuses application_fee_amount once the invoice is finalized", async () => {
    const { stripe } = suite;
    const { subscription } = await destinationSubscription(2000, 10);
    const error = await caught(
      stripe.invoices.update(subscription.latest_invoice as string, {
        application_fee_amount: 100,
      }),
    );
    expect(error).toMatchObject({
      type: "StripeInvalidRequestError",
      code: "invoice_not_editable",
      param: "application_fee_amount",
    });
  });

  it("voids a draft whose subscription ended during its hour, uncharged", async () => {
    const { stripe } = suite;
    const { subscription } = await destinationSubscription(2000, 10);
    const end = subscription.items.data[0]!.current_period_end;
    await advanceEmulatorTo(stripe, end + 60);
    const draftId = (await stripe.subscriptions.retrieve(subscription.id)).latest_invoice as string;
    await stripe.subscriptions.cancel(subscription.id);
    await advanceEmulatorTo(stripe, end + 3600 + 60);
    expect((await stripe.invoices.retrieve(draftId)).status).toBe("void");
    expect(await feesTaken(subscription.id)).toEqual([200]);
  });
});
