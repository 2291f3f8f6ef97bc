import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onEmulatorResponse, type RecordedResponse } from "../src/http/recorder";
import { loadSchema, schemaInputsHash } from "./conformance/schema";
import { type Issue, StripeTypeValidator, summarize } from "./conformance/validate";
import {
  caught,
  createCustomerWithCard,
  createExpressAccount,
  createMonthlyPrice,
} from "./fixtures";
import { browserCall, postForm, postJson, startReceiver } from "./support";
import { createCardPaymentMethod, openTarget, type Target } from "./target";

// Fidelity: every response the emulator gives, errors and webhook payloads included, satisfies
// the stripe-node 18.4.0 type of its object (schemas derived from node_modules/stripe/types;
// see conformance/schema.ts). The scenario below makes every call the app (server/), the
// contract tests and the journeys make; STRIPE_CONFORMANCE_RECORDINGS=<dir> also checks what
// `bash stripe-emulator/tests/conformance/record-all.sh` recorded while running those suites.

/**
 * What the emulator leaves out on purpose (the README's "What it does not cover" lists them):
 * an issue whose `<type>: <path>` starts with one of these is accepted.
 */
const ACCEPTED_EXCEPTIONS: ReadonlyArray<{ match: RegExp; reason: string }> = [];

const schema = loadSchema();
const validator = new StripeTypeValidator(schema);
const accepted = (issue: Issue) =>
  ACCEPTED_EXCEPTIONS.some((e) => e.match.test(`${issue.root}: ${issue.path}`));

function check(entries: RecordedResponse[]) {
  const issues: Issue[] = [];
  let objects = 0;
  for (const entry of entries) {
    // Hosted-page JSON ({status}) and control endpoints are not Stripe API objects.
    if (entry.source === "api" && !entry.path.startsWith("/v1/")) continue;
    objects += 1;
    for (const issue of validator.validateBody(entry.body)) {
      if (!accepted(issue)) issues.push({ ...issue, where: operation(entry) });
    }
  }
  return { objects, issues };
}

/** Route patterns, so the report says which operations were covered. */
const operation = (entry: RecordedResponse) =>
  entry.source === "webhook"
    ? `webhook ${entry.path}`
    : `${entry.method} ${entry.path.replace(/\/(?:acct|cus|pm|price|prod|sub|in|inpay|pi|ch|re|dp|cs|bps|we|evt|clock|fee|tr|po)_[A-Za-z0-9_]+/g, "/:id")}`;

it("the schema fixture was generated from the installed stripe types", () => {
  expect(schema.stripeVersion).toBe("18.4.0");
  // Stale after an upgrade of stripe or typescript, or a change to the generator:
  // run `npx tsx stripe-emulator/tests/conformance/write-schema.ts`.
  expect(schema.inputsHash).toBe(schemaInputsHash());
});

describe("the validator", () => {
  it("finds missing fields, wrong types, bad enum values, extra fields, and checks nested objects", () => {
    const issues = validator.validateBody({
      object: "refund",
      id: "re_1",
      amount: "100",
      reason: "bored",
      charge: { object: "charge", id: "ch_1" },
      colour: "red",
    });
    const lines = summarize(issues).join("\n");
    expect(lines).toContain("Stripe.Refund amount: expected number");
    expect(lines).toContain("Stripe.Refund created: missing");
    expect(lines).toContain('Stripe.Refund reason: expected null | "duplicate"');
    expect(lines).toContain("Stripe.Refund colour: not in the type");
    expect(lines).toContain(
      "Stripe.Charge amount_captured: missing (×1; e.g. at charge.amount_captured)",
    );
    const event = validator.validateBody({ object: "event", type: "not.an.event" });
    expect(summarize(event).join("\n")).toContain(
      'Stripe.Event type: "not.an.event" is not one of the allowed values',
    );
    const error = validator.validateBody({
      error: { type: "card_error", message: "x", request_log_url: null },
    });
    expect(summarize(error).join("\n")).toContain("request_log_url: expected string, got null");
  });
});

describe("every response of the scenario satisfies its stripe-node type", () => {
  let target: Target;
  let stripe: Stripe;
  let base: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const recorded: RecordedResponse[] = [];
  let stopRecording = () => {};

  beforeAll(async () => {
    stopRecording = onEmulatorResponse((entry) => recorded.push(entry));
    receiver = await startReceiver();
    target = await openTarget({
      forceEmulator: true,
      webhookEndpoints: [
        { url: receiver.url, secret: "whsec_platform", connect: false },
        { url: receiver.url, secret: "whsec_connect", connect: true },
      ],
    });
    stripe = target.stripe;
    base = target.emulator!.url;
  });
  afterAll(async () => {
    stopRecording();
    await target?.close();
    await receiver?.close();
  });

  it("runs the scenario", async () => {
    // Connect: the creator's account, onboarding, dashboard.
    const pending = await createExpressAccount(target, { onboarded: false });
    const link = await stripe.accountLinks.create({
      account: pending.id,
      type: "account_onboarding",
      refresh_url: "http://localhost/refresh",
      return_url: "http://localhost/return",
    });
    await postForm(link.url, {
      business_name: "Lawns",
      first_name: "Ann",
      last_name: "Bee",
      routing_number: "110000000",
      account_number: "000123456789",
    });
    const account = await createExpressAccount(target);
    await stripe.accounts.retrieve(account.id);
    await stripe.accounts.retrieve(pending.id);
    await stripe.accounts.retrieve();
    await stripe.accounts.list({ limit: 3 });
    await stripe.accounts.update(account.id, { metadata: { creator: "c1" } });
    const accountSession = await stripe.accountSessions.create({
      account: account.id,
      components: {
        account_onboarding: { enabled: true },
        payments: { enabled: true, features: { refund_management: false } },
        payouts: { enabled: true, features: { instant_payouts: true } },
      },
    });
    // Features are Stripe's defaults (payout ones off where the platform bears the losses),
    // overridden by what was asked for, as booleans.
    expect(accountSession.components).toMatchObject({
      account_onboarding: { enabled: true, features: { external_account_collection: true } },
      payments: { enabled: true, features: { refund_management: false, dispute_management: true } },
      payouts: { enabled: true, features: { instant_payouts: true, edit_payout_schedule: false } },
      balances: { enabled: false, features: { standard_payouts: false } },
    });
    await stripe.accounts.createLoginLink(account.id);

    // Catalogue.
    const price = await createMonthlyPrice(target, 2500);
    const product = price.product as string;
    await stripe.products.retrieve(product);
    await stripe.products.update(product, { name: "Weekly Lawn Care, large" });
    await stripe.products.list({ limit: 5 });
    await stripe.prices.retrieve(price.id, { expand: ["product"] });
    await stripe.prices.list({ product, active: true });
    await stripe.prices.list({ limit: 5 });
    const old = await stripe.prices.create({
      product_data: { name: "Old" },
      currency: "usd",
      unit_amount: 900,
      recurring: { interval: "month" },
    });
    await stripe.prices.update(old.id, { active: false });
    const direct = await createMonthlyPrice(target, 1500, account.id);
    // Cadences other than monthly: a price per cadence, its item's plan, its invoice line.
    const cadences = await Promise.all(
      (
        [
          ["week", 1],
          ["week", 2],
          ["month", 3],
          ["year", 1],
          ["day", 10],
        ] as const
      ).map(([interval, interval_count]) =>
        stripe.prices.create({
          product,
          currency: "usd",
          unit_amount: 4500,
          recurring: { interval, interval_count },
        }),
      ),
    );
    await stripe.prices.list({ product, recurring: { interval: "week" } });
    await caught(
      stripe.prices.create({
        product,
        currency: "usd",
        unit_amount: 100,
        recurring: { interval: "week", interval_count: 157 },
      }),
    );

    // Customers and cards.
    const { customer, pm } = await createCustomerWithCard(target, "4242424242424242");
    await stripe.customers.retrieve(customer.id, { expand: ["subscriptions"] });
    await stripe.customers.list({ email: "sam@example.com", limit: 1 });
    await stripe.paymentMethods.list({ customer: customer.id, type: "card" });
    await stripe.paymentMethods.retrieve(pm);
    const spare = await stripe.paymentMethods.attach(
      await createCardPaymentMethod(target, "5555555555554444"),
      { customer: customer.id },
    );
    await stripe.paymentMethods.detach(spare.id);
    await stripe.paymentMethods.attach("pm_card_visa", { customer: customer.id });
    await stripe.paymentMethods.create({ type: "card", card: { token: "tok_visa" } });

    // A destination-charge subscription paid at once, its invoice, payment, charge, fee, transfer.
    const paid = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      application_fee_percent: 10,
      transfer_data: { destination: account.id },
      on_behalf_of: account.id,
      metadata: { offering: "o1" },
      expand: ["latest_invoice.payments.data.payment.payment_intent"],
    });
    const invoice = paid.latest_invoice as Stripe.Invoice;
    await stripe.invoices.retrieve(invoice.id!, { expand: ["payments"] });
    await stripe.invoices.list({ customer: customer.id, expand: ["data.payments"] });
    await stripe.invoicePayments.list({ invoice: invoice.id! });
    const intentId = (invoice.payments!.data[0]!.payment.payment_intent as Stripe.PaymentIntent).id;
    const intent = await stripe.paymentIntents.retrieve(intentId);
    const charge = await stripe.charges.retrieve(intent.latest_charge as string, {
      expand: ["refunds", "balance_transaction", "application_fee"],
    });
    await stripe.applicationFees.list({ limit: 5 });
    await stripe.transfers.list({ destination: account.id });
    await stripe.balance.retrieve();
    await stripe.balance.retrieve({ stripeAccount: account.id });
    await stripe.subscriptions.update(paid.id, { cancel_at_period_end: true });
    await stripe.subscriptions.update(paid.id, {
      cancel_at_period_end: false,
      metadata: { a: "b" },
    });
    await stripe.subscriptions.list({ customer: customer.id, status: "all" });
    await stripe.subscriptions.list({ price: price.id });
    for (const cadence of cadences)
      await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: cadence.id }],
        expand: ["latest_invoice"],
      });

    // Coupons and the discounts they give: CRUD, a repeating discount, one used up at once.
    const coupon = await stripe.coupons.create({
      id: "CONFORMANCE20",
      percent_off: 20,
      duration: "repeating",
      duration_in_months: 2,
      max_redemptions: 10,
      applies_to: { products: [product] },
      metadata: { creator: "c1" },
    });
    await stripe.coupons.retrieve(coupon.id, { expand: ["applies_to"] });
    await stripe.coupons.update(coupon.id, { name: "Spring" });
    await stripe.coupons.list({ limit: 5 });
    const once = await stripe.coupons.create({
      amount_off: 500,
      currency: "usd",
      duration: "once",
      redeem_by: Math.floor(Date.now() / 1000) + 86_400,
    });
    await caught(stripe.coupons.create({ percent_off: 101 }));
    await caught(
      stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: price.id }],
        discounts: [{ coupon: "missing" }],
      }),
    );
    const discounted = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      discounts: [{ coupon: coupon.id }],
      application_fee_percent: 10,
      transfer_data: { destination: account.id },
      expand: ["discounts", "latest_invoice.total_discount_amounts.discount"],
    });
    await stripe.subscriptions.update(discounted.id, {
      discounts: [{ coupon: coupon.id }, { coupon: once.id }],
      expand: ["discounts.coupon.applies_to"],
    });
    await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      discounts: [{ coupon: once.id }],
      expand: ["latest_invoice"],
    });
    await stripe.coupons.del(once.id);

    // Refunds: part, then the rest with the transfer and fee.
    const part = await stripe.refunds.create({
      charge: charge.id,
      amount: 500,
      reason: "requested_by_customer",
    });
    await stripe.refunds.retrieve(part.id);
    await stripe.refunds.update(part.id, { metadata: { why: "late" } });
    await stripe.refunds.create({
      payment_intent: intentId,
      reverse_transfer: true,
      refund_application_fee: true,
    });
    await stripe.refunds.list({ payment_intent: intentId });
    await stripe.charges.retrieve(charge.id, { expand: ["refunds"] });

    // A subscription that waits for the browser: default_incomplete, 3-D Secure, confirm.
    const { customer: buyer } = await createCustomerWithCard(target, "4000002500003155");
    const waiting = await stripe.subscriptions.create({
      customer: buyer.id,
      items: [{ price: price.id }],
      payment_behavior: "default_incomplete",
      payment_settings: { save_default_payment_method: "on_subscription" },
      transfer_data: { destination: account.id },
      application_fee_percent: 10,
      expand: ["latest_invoice.confirmation_secret", "latest_invoice.payments"],
    });
    const open = waiting.latest_invoice as Stripe.Invoice;
    // Stripe creates the default InvoicePayment when it finalizes the invoice, not when it is paid.
    expect(open.payments?.data).toMatchObject([
      { is_default: true, status: "open", amount_paid: null, amount_requested: open.amount_due },
    ]);
    const secret = open.confirmation_secret!.client_secret;
    const waitingIntent = secret.split("_secret_")[0]!;
    // What Stripe.js does with the client secret and the publishable key.
    await browserCall(base, "GET", `/v1/payment_intents/${waitingIntent}`, {
      client_secret: secret,
    });
    await browserCall(base, "POST", `/v1/payment_intents/${waitingIntent}/confirm`, {
      client_secret: secret,
      return_url: "http://localhost/back",
    });
    await stripe.paymentIntents.confirm(waitingIntent, { return_url: "http://localhost/back" });
    await fetch(`${base}/3ds/${waitingIntent}/complete`, {
      method: "POST",
      headers: { Accept: "application/json" },
    });
    const done = await stripe.subscriptions.retrieve(waiting.id, {
      expand: ["latest_invoice.payments", "default_payment_method"],
    });
    expect((done.latest_invoice as Stripe.Invoice).payments?.data).toMatchObject([
      { id: open.payments?.data[0]?.id, status: "paid", amount_paid: open.amount_due },
    ]);
    // A free trial whose card is saved through its pending SetupIntent, with 3-D Secure.
    const trial = await stripe.subscriptions.create({
      customer: buyer.id,
      items: [{ price: price.id }],
      trial_period_days: 7,
      payment_behavior: "default_incomplete",
      payment_settings: { save_default_payment_method: "on_subscription" },
      trial_settings: { end_behavior: { missing_payment_method: "cancel" } },
      expand: ["latest_invoice", "pending_setup_intent"],
    });
    const setup = trial.pending_setup_intent as Stripe.SetupIntent;
    await browserCall(base, "GET", `/v1/setup_intents/${setup.id}`, {
      client_secret: setup.client_secret!,
    });
    const setupCard = await createCardPaymentMethod(target, "4000002500003155");
    await browserCall(base, "POST", `/v1/setup_intents/${setup.id}/confirm`, {
      client_secret: setup.client_secret!,
      payment_method: setupCard,
    });
    await fetch(`${base}/3ds/${setup.id}/complete`, {
      method: "POST",
      headers: { Accept: "application/json" },
    });
    await stripe.setupIntents.retrieve(setup.id);
    await stripe.setupIntents.list({ customer: buyer.id });
    const spareSetup = await stripe.setupIntents.create({
      customer: buyer.id,
      usage: "off_session",
    });
    await stripe.setupIntents.update(spareSetup.id, { metadata: { a: "b" } });
    await caught(
      stripe.setupIntents.confirm(spareSetup.id, {
        payment_method: await createCardPaymentMethod(target, "4000000000000002"),
      }),
    );
    await stripe.setupIntents.cancel(spareSetup.id, { cancellation_reason: "abandoned" });
    const shortTrial = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      trial_period_days: 2,
    });
    await stripe.subscriptions.update(shortTrial.id, { trial_end: "now" });
    await stripe.subscriptions.list({ status: "trialing" });
    // And one abandoned: cancelled at once, its invoice voided.
    const abandoned = await stripe.subscriptions.create({
      customer: buyer.id,
      items: [{ price: price.id }],
      payment_behavior: "default_incomplete",
    });
    await stripe.subscriptions.cancel(abandoned.id);
    const voided = await stripe.invoicePayments.list({
      invoice: abandoned.latest_invoice as string,
    });
    expect(voided.data).toMatchObject([{ status: "canceled", amount_paid: null }]);

    // A direct charge on the connected account.
    const { customer: local } = await (async () => {
      const c = await stripe.customers.create(
        { email: "d@example.com" },
        { stripeAccount: account.id },
      );
      const m = await stripe.paymentMethods.attach(
        "pm_card_visa",
        { customer: c.id },
        { stripeAccount: account.id },
      );
      await stripe.customers.update(
        c.id,
        { invoice_settings: { default_payment_method: m.id } },
        { stripeAccount: account.id },
      );
      return { customer: c };
    })();
    await stripe.subscriptions.create(
      { customer: local.id, items: [{ price: direct.id }], application_fee_percent: 5 },
      { stripeAccount: account.id },
    );

    // Declines and a dispute.
    const { customer: declined } = await createCustomerWithCard(target, "4000000000000341");
    const declinedSubscription = await stripe.subscriptions.create({
      customer: declined.id,
      items: [{ price: price.id }],
      trial_period_days: 3,
    });
    await stripe.subscriptions.update(declinedSubscription.id, { trial_end: "now" });
    await caught(
      stripe.subscriptions.update(declinedSubscription.id, {
        items: [
          {
            id: declinedSubscription.items.data[0]!.id,
            price: (await createMonthlyPrice(target, 3500)).id,
          },
        ],
        proration_behavior: "always_invoice",
        payment_behavior: "error_if_incomplete",
      }),
    );
    await caught(
      stripe.subscriptions.create({
        customer: declined.id,
        items: [{ price: price.id }],
        payment_behavior: "error_if_incomplete",
      }),
    );
    await caught(
      stripe.paymentMethods.attach(await createCardPaymentMethod(target, "4000000000000002"), {
        customer: declined.id,
      }),
    );
    const { customer: disputer } = await createCustomerWithCard(target, "4000000000000259");
    await stripe.subscriptions.create({ customer: disputer.id, items: [{ price: price.id }] });
    const disputes = await stripe.disputes.list({ limit: 3 });
    await stripe.disputes.retrieve(disputes.data[0]!.id);
    await postJson(`${base}/_emulator/disputes/${disputes.data[0]!.id}/close`, { outcome: "won" });

    // Checkout, completed on the hosted page, and the billing portal.
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: "http://localhost/success?session_id={CHECKOUT_SESSION_ID}",
      customer_email: "checkout@example.com",
      subscription_data: {
        application_fee_percent: 15,
        transfer_data: { destination: account.id },
      },
    });
    const card = { card_number: "4242424242424242", exp_month: "1", exp_year: "2041", cvc: "999" };
    await postForm(session.url!, { email: "checkout@example.com", name: "C", ...card });
    await stripe.checkout.sessions.retrieve(session.id, {
      expand: ["subscription.latest_invoice", "customer", "line_items"],
    });
    await stripe.checkout.sessions.list({ customer: customer.id });
    await stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: "http://localhost/success",
      discounts: [{ coupon: coupon.id }],
    });
    const unused = await stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: "http://localhost/success",
      customer: customer.id,
    });
    await stripe.checkout.sessions.list({ status: "open" });
    await stripe.checkout.sessions.expire(unused.id);
    await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: "http://localhost/",
    });

    // Customer control: a pause whose renewal the clock below voids and then resumes, a price
    // switch charged now, one left pending, a downgrade's credit, and previews of each.
    const now = Math.floor(Date.now() / 1000);
    const pausing = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      transfer_data: { destination: account.id },
      application_fee_percent: 10,
    });
    await stripe.subscriptions.update(pausing.id, {
      pause_collection: { behavior: "void", resumes_at: now + 40 * 86_400 },
    });
    await caught(
      stripe.subscriptions.update(pausing.id, { pause_collection: { behavior: "keep_as_draft" } }),
    );
    const dearer = await createMonthlyPrice(target, 4000);
    const switching = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
    });
    const switchItems = [{ id: switching.items.data[0]!.id, price: dearer.id }];
    await stripe.invoices.createPreview({
      subscription: switching.id,
      subscription_details: { items: switchItems, proration_behavior: "always_invoice" },
    });
    await stripe.invoices.createPreview({
      customer: customer.id,
      subscription: switching.id,
      subscription_details: { items: switchItems, proration_behavior: "none" },
      discounts: "",
    });
    await stripe.subscriptions.update(switching.id, {
      items: switchItems,
      proration_behavior: "always_invoice",
      expand: ["latest_invoice"],
    });
    await stripe.subscriptions.update(switching.id, {
      items: [{ id: switching.items.data[0]!.id, price: price.id }],
      proration_behavior: "always_invoice",
    });
    await stripe.customers.retrieve(customer.id);
    await stripe.subscriptions.update(switching.id, { items: switchItems });
    await stripe.invoices.createPreview({ subscription: switching.id });
    await caught(
      stripe.invoices.createPreview({
        subscription: switching.id,
        subscription_details: { cancel_at_period_end: true },
      }),
    );

    // Time: renewals, a failed renewal and its retries, test clocks.
    const clock = await stripe.testHelpers.testClocks.create({
      frozen_time: Math.floor(Date.now() / 1000),
    });
    await stripe.testHelpers.testClocks.advance(clock.id, {
      frozen_time: clock.frozen_time + 32 * 86_400,
    });
    await stripe.testHelpers.testClocks.retrieve(clock.id);
    await postJson(`${base}/_emulator/clock/advance`, { days: 40 });
    await stripe.testHelpers.testClocks.del(clock.id);

    // Webhook endpoints and events.
    const endpoint = await stripe.webhookEndpoints.create({
      url: "http://127.0.0.1:9/hook",
      enabled_events: ["invoice.paid"],
    });
    await stripe.webhookEndpoints.retrieve(endpoint.id);
    await stripe.webhookEndpoints.list();
    await stripe.webhookEndpoints.del(endpoint.id);
    const events = await stripe.events.list({ limit: 100 });
    await stripe.events.retrieve(events.data[0]!.id);
    await stripe.events.list({ type: "invoice.*", limit: 3 });
    await stripe.events.list({ created: { gte: 0 }, limit: 3 });

    // Errors the SDK turns into its classes.
    await caught(stripe.customers.retrieve("cus_missing"));
    await caught(stripe.customers.create({ colour: "red" } as Stripe.CustomerCreateParams));
    await caught(stripe.subscriptions.create({} as Stripe.SubscriptionCreateParams));
    await caught(stripe.customers.list({}, { stripeAccount: "acct_missing" }));
    await caught(stripe.invoices.retrieve(invoice.id!, { expand: ["payment_intent"] }));
    await stripe.customers.create({ email: "i@example.com" }, { idempotencyKey: "conformance-1" });
    await caught(
      stripe.customers.create({ email: "j@example.com" }, { idempotencyKey: "conformance-1" }),
    );
    await fetch(`${base}/v1/customers`, { headers: { Authorization: "Bearer nope" } });
    await fetch(`${base}/v1/nothing`, {
      headers: { Authorization: `Bearer ${target.emulator!.secretKey}` },
    });
  });

  it("checks each response and webhook payload against its type", () => {
    const { objects, issues } = check(recorded);
    const operations = new Set(recorded.filter((e) => !e.path.startsWith("/_")).map(operation));
    process.stdout.write(
      `Conformance: ${objects} responses and webhook payloads from ${operations.size} operations checked against stripe-node ${schema.stripeVersion}.\n`,
    );
    expect(summarize(issues)).toEqual([]);
  });
});

describe.runIf(process.env.STRIPE_CONFORMANCE_RECORDINGS)("recorded suites", () => {
  it("every recorded response satisfies its stripe-node type", () => {
    const dir = process.env.STRIPE_CONFORMANCE_RECORDINGS!;
    const entries = readdirSync(dir)
      .filter((f) => f.endsWith(".jsonl"))
      .flatMap((f) =>
        readFileSync(path.join(dir, f), "utf8")
          .split("\n")
          .filter(Boolean)
          .map((line) => JSON.parse(line) as RecordedResponse),
      );
    const { objects, issues } = check(entries);
    process.stdout.write(
      `Conformance (recorded): ${objects} responses and webhook payloads checked.\n`,
    );
    expect(summarize(issues)).toEqual([]);
  });
});
