import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { createIncompleteSubscription } from "./fixtures";
import { openTargetPerFile, type Target } from "./target";

// What Regulars' plan purchase (issue 23, ADR 038) relies on, through the official SDK: its
// prices found by lookup key, a subscription on the platform's own account with no Connect at
// all, and the metadata a plan change writes (an empty value removes a key).

let target: Target;
openTargetPerFile((opened) => {
  target = opened;
});

describe("the platform's own plan subscriptions", () => {
  it("finds a price by its lookup key, and only that price", async () => {
    const { stripe } = target;
    const key = `regulars_plan_test_${Date.now()}`;
    const price = await stripe.prices.create({
      currency: "usd",
      unit_amount: 19_900,
      recurring: { interval: "month" },
      lookup_key: key,
      product_data: { name: "Regulars Premium" },
    });
    await stripe.prices.create({
      currency: "usd",
      unit_amount: 49_900,
      recurring: { interval: "month" },
      product_data: { name: "Something else" },
    });
    const found = await stripe.prices.list({ lookup_keys: [key], active: true });
    expect(found.data.map((p) => p.id)).toEqual([price.id]);
    const none = await stripe.prices.list({ lookup_keys: [`${key}_missing`] });
    expect(none.data).toEqual([]);
  });

  it("charges the creator's card on the platform account: no fee, no transfer", async () => {
    const { stripe } = target;
    const { subscription, intentId, pm } = await createIncompleteSubscription(target, {
      unitAmount: 19_900,
      extra: { metadata: { kind: "creator_plan", regulars_plan: "premium" } },
    });
    await stripe.paymentIntents.confirm(intentId, { payment_method: pm });
    const paid = await stripe.subscriptions.retrieve(subscription.id, {
      expand: ["latest_invoice"],
    });
    expect(paid.status).toBe("active");
    const invoice = paid.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: "paid", amount_paid: 19_900 });
    expect(invoice.parent?.subscription_details?.metadata).toMatchObject({ kind: "creator_plan" });
    const intent = await stripe.paymentIntents.retrieve(intentId);
    expect(intent.application_fee_amount).toBeNull();
    expect(intent.transfer_data).toBeNull();
  });

  it("removes a metadata key given an empty value, keeping the others", async () => {
    const { stripe } = target;
    const { subscription } = await createIncompleteSubscription(target, {
      extra: { metadata: { regulars_plan: "professional", regulars_plan_from: "1800000000" } },
    });
    const updated = await stripe.subscriptions.update(subscription.id, {
      metadata: { regulars_plan: "premium", regulars_plan_from: "" },
    });
    expect(updated.metadata).toEqual({ regulars_plan: "premium" });
  });
});
