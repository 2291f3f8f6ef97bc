import Stripe from "stripe";
import { beforeAll, describe, expect, it } from "vitest";
import {
  createCustomerWithCard,
  createExpressAccount,
  createIncompleteSubscription,
} from "./fixtures";
import { openEmulatorPerFile } from "./target";

// Every retrieve and list operation the official SDK offers for the kinds of object the
// emulator stores must reach an endpoint: no "Unrecognized request URL". The methods are read
// from the SDK's resource objects at run time, so one that an SDK upgrade adds is walked too.
// Each is called with real objects' ids; a child the emulator never holds (a customer's tax ids,
// say) may answer resource_missing, as Stripe does for an id it does not know.

const suite = openEmulatorPerFile();

/**
 * The SDK resource of each kind of object the emulator stores, by the SDK's name for it.
 * account_link, login_link and billing_portal.session are left out: the SDK can only create them.
 */
const RESOURCES: Record<string, (stripe: Stripe) => object> = {
  accounts: (s) => s.accounts,
  applicationFees: (s) => s.applicationFees,
  balance: (s) => s.balance,
  charges: (s) => s.charges,
  "checkout.sessions": (s) => s.checkout.sessions,
  coupons: (s) => s.coupons,
  customers: (s) => s.customers,
  disputes: (s) => s.disputes,
  events: (s) => s.events,
  invoices: (s) => s.invoices,
  invoicePayments: (s) => s.invoicePayments,
  paymentIntents: (s) => s.paymentIntents,
  paymentMethods: (s) => s.paymentMethods,
  prices: (s) => s.prices,
  products: (s) => s.products,
  refunds: (s) => s.refunds,
  setupIntents: (s) => s.setupIntents,
  subscriptions: (s) => s.subscriptions,
  // Stored inside their subscription; `subscription.items.url` points at this resource.
  subscriptionItems: (s) => s.subscriptionItems,
  "testHelpers.testClocks": (s) => s.testHelpers.testClocks,
  transfers: (s) => s.transfers,
  webhookEndpoints: (s) => s.webhookEndpoints,
};

const SEARCH =
  "Stripe's search query language is not emulated: the app finds objects with list filters.";

/** Methods the emulator does not answer on purpose, each with its reason. */
const UNSUPPORTED: Record<string, string> = {
  "charges.search": SEARCH,
  "customers.search": SEARCH,
  "invoices.search": SEARCH,
  "paymentIntents.search": SEARCH,
  "prices.search": SEARCH,
  "products.search": SEARCH,
  "subscriptions.search": SEARCH,
};

const isOperation = (name: string) => /^(retrieve|list|search)/.test(name);

/** The retrieve/list/search methods of an SDK resource, its own and inherited. */
function operationsOf(resource: object): string[] {
  const names = new Set<string>();
  for (let o = resource; o && o !== Object.prototype; o = Object.getPrototypeOf(o))
    for (const name of Object.getOwnPropertyNames(o))
      if (isOperation(name) && typeof (resource as Record<string, unknown>)[name] === "function")
        names.add(name);
  return [...names].sort();
}

type Operation = (...args: unknown[]) => Promise<unknown>;

/**
 * The SDK names a method's path when an id it needs is missing ("Argument "id" must be a
 * string … (on API request to `GET /v1/transfers/{id}/reversals`)"): that path says which ids
 * to pass, by the collections before each placeholder ("transfers", "transfers/reversals").
 */
function pathTemplateOf(error: unknown): string | null {
  const message = error instanceof Error ? error.message : "";
  return /^Stripe: Argument "\w+" must be a string.*`GET (\S+)`/.exec(message)?.[1] ?? null;
}

function argumentsFor(template: string, ids: Record<string, string>): string[] {
  const literal: string[] = [];
  const args: string[] = [];
  for (const segment of template.split("/").slice(2)) {
    if (!segment.startsWith("{")) {
      literal.push(segment);
      continue;
    }
    const key = literal.join("/");
    const id = ids[key];
    if (id === undefined) throw new Error(`No id for "${key}" (${template}): add one to ids.`);
    args.push(id);
  }
  return args;
}

interface Outcome {
  method: string;
  result?: unknown;
  error?: unknown;
}

/** Calls an operation: with the arguments given, or the ids its path asks for. */
async function call(
  resource: Record<string, Operation>,
  method: string,
  ids: Record<string, string>,
  given: unknown[] | undefined,
): Promise<Outcome> {
  const run = (args: unknown[]): Promise<Outcome> =>
    resource[method]!(...args).then(
      (result) => ({ method, result }),
      (error: unknown) => ({ method, error }),
    );
  if (given) return run(given);
  // Without arguments the SDK either sends the request (nothing in its path) or names the path.
  const probe = await run([]);
  const template = pathTemplateOf(probe.error);
  return template ? run(argumentsFor(template, ids)) : probe;
}

describe("the SDK's retrieve and list operations", () => {
  let ids: Record<string, string>;
  let given: Record<string, unknown[]>;

  beforeAll(async () => {
    const { stripe } = suite;
    const target = suite.target;
    const account = await createExpressAccount(target);
    // A paid destination charge with a fee, refunded with both reversed: a transfer reversal
    // and an application fee refund to look up.
    const paid = await createIncompleteSubscription(target, {
      extra: {
        transfer_data: { destination: account.id },
        application_fee_percent: 10,
        metadata: { for: "sdk-coverage" },
      },
    });
    const intent = await stripe.paymentIntents.confirm(paid.intentId, { payment_method: paid.pm });
    const refund = await stripe.refunds.create({
      payment_intent: intent.id,
      amount: 1000,
      reverse_transfer: true,
      refund_application_fee: true,
    });
    const [transfer] = (await stripe.transfers.list({ destination: account.id })).data;
    const [fee] = (await stripe.applicationFees.list({ charge: String(intent.latest_charge) }))
      .data;
    // Card 0259 is disputed as soon as it is charged.
    const disputed = await createIncompleteSubscription(target, { card: "4000000000000259" });
    await stripe.paymentIntents.confirm(disputed.intentId, { payment_method: disputed.pm });
    const [dispute] = (await stripe.disputes.list({ payment_intent: disputed.intentId })).data;
    const { customer } = await createCustomerWithCard(target, "4242424242424242");
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: paid.price.id, quantity: 2 }],
      success_url: "http://127.0.0.1/done",
    });
    const endpoint = await stripe.webhookEndpoints.create({
      url: "http://127.0.0.1:9/hook",
      enabled_events: ["*"],
    });
    const clock = await stripe.testHelpers.testClocks.create({
      frozen_time: Math.floor(Date.now() / 1000) - 60,
    });
    const [event] = (await stripe.events.list({ limit: 1 })).data;
    const [invoicePayment] = (await stripe.invoicePayments.list({ invoice: paid.invoice.id! }))
      .data;
    const onboarded = await stripe.accounts.retrieve(account.id);
    const missing = (prefix: string) => `${prefix}_notheld`;
    const setup = await stripe.setupIntents.create({ customer: paid.customer.id });
    const coupon = await stripe.coupons.create({ percent_off: 10, duration: "once" });
    ids = {
      accounts: account.id,
      "accounts/capabilities": "transfers",
      "accounts/external_accounts": missing("ba"),
      "accounts/persons": String((onboarded.individual as Stripe.Person | undefined)?.id),
      application_fees: fee!.id,
      "application_fees/refunds": fee!.refunds.data[0]!.id,
      charges: String(intent.latest_charge),
      "checkout/sessions": session.id,
      coupons: coupon.id,
      customers: paid.customer.id,
      "customers/balance_transactions": missing("cbtxn"),
      "customers/cash_balance_transactions": missing("ccsbtxn"),
      "customers/payment_methods": paid.pm,
      "customers/sources": missing("src"),
      "customers/tax_ids": missing("txi"),
      disputes: dispute!.id,
      events: event!.id,
      invoices: paid.invoice.id!,
      invoice_payments: invoicePayment!.id,
      payment_intents: intent.id,
      payment_methods: paid.pm,
      prices: paid.price.id,
      products: String(paid.price.product),
      "products/features": missing("prodft"),
      refunds: refund.id,
      setup_intents: setup.id,
      subscriptions: paid.subscription.id,
      subscription_items: paid.subscription.items.data[0]!.id,
      "test_helpers/test_clocks": clock.id,
      transfers: transfer!.id,
      "transfers/reversals": String(refund.transfer_reversal),
      webhook_endpoints: endpoint.id,
    };
    // Where the path does not say it all: an optional id, or a filter the list requires.
    given = {
      "accounts.retrieve": [account.id],
      "invoicePayments.list": [{ invoice: paid.invoice.id }],
      "subscriptionItems.list": [{ subscription: paid.subscription.id }],
      "customers.listPaymentMethods": [customer.id, { type: "card" }],
    };
  });

  it("answers every one of them for each stored kind, in Stripe's shapes", async () => {
    const outcomes: Outcome[] = [];
    for (const [name, resourceOf] of Object.entries(RESOURCES)) {
      const resource = resourceOf(suite.stripe) as Record<string, Operation>;
      for (const method of operationsOf(resource)) {
        const label = `${name}.${method}`;
        if (UNSUPPORTED[label]) continue;
        outcomes.push({ ...(await call(resource, method, ids, given[label])), method: label });
      }
    }
    const failures = outcomes.flatMap(({ method, result, error }) => {
      if (error === undefined) {
        const object = (result as { object?: unknown } | null)?.object;
        if (typeof object !== "string") return [`${method}: answered without an object type`];
        if (method.split(".")[1]!.startsWith("list") && object !== "list")
          return [`${method}: answered a ${object}, not a list`];
        return [];
      }
      if (error instanceof Stripe.errors.StripeError && error.code === "resource_missing")
        return [];
      return [`${method}: ${error instanceof Error ? error.message : String(error)}`];
    });
    expect(failures).toEqual([]);
    // Every operation was called or declared unsupported, and every declaration is still real.
    expect(outcomes.length).toBeGreaterThan(40);
    const declared = Object.keys(UNSUPPORTED).filter(
      (method) => !allOperations(suite.stripe).includes(method),
    );
    expect(declared, "declared unsupported, but the SDK has no such method").toEqual([]);
  });

  it("lists and finds the children made above: reversals, fee refunds, lines, cards", async () => {
    const { stripe } = suite;
    const reversals = await stripe.transfers.listReversals(ids.transfers!);
    expect(reversals).toMatchObject({
      object: "list",
      url: `/v1/transfers/${ids.transfers}/reversals`,
      has_more: false,
    });
    expect(reversals.data.map((r) => r.id)).toEqual([ids["transfers/reversals"]]);
    const reversal = await stripe.transfers.retrieveReversal(
      ids.transfers!,
      ids["transfers/reversals"]!,
    );
    expect(reversal).toMatchObject({ object: "transfer_reversal", transfer: ids.transfers });

    const feeRefunds = await stripe.applicationFees.listRefunds(ids.application_fees!);
    expect(feeRefunds.data.map((r) => r.id)).toEqual([ids["application_fees/refunds"]]);
    expect(
      await stripe.applicationFees.retrieveRefund(
        ids.application_fees!,
        ids["application_fees/refunds"]!,
      ),
    ).toMatchObject({ object: "fee_refund", fee: ids.application_fees });

    const lines = await stripe.invoices.listLineItems(ids.invoices!);
    expect(lines).toMatchObject({ object: "list", url: `/v1/invoices/${ids.invoices}/lines` });
    expect(lines.data[0]).toMatchObject({ object: "line_item", invoice: ids.invoices });

    const items = await stripe.checkout.sessions.listLineItems(ids["checkout/sessions"]!);
    expect(items.data[0]).toMatchObject({ object: "item", quantity: 2 });

    const cards = await stripe.customers.listPaymentMethods(ids.customers!);
    expect(cards.data.map((pm) => pm.id)).toEqual([ids.payment_methods]);
    expect(
      await stripe.customers.retrievePaymentMethod(ids.customers!, ids.payment_methods!),
    ).toMatchObject({ id: ids.payment_methods, customer: ids.customers });

    const charges = await stripe.charges.list({ payment_intent: ids.payment_intents });
    expect(charges.data.map((c) => c.id)).toEqual([ids.charges]);

    const capability = await stripe.accounts.retrieveCapability(ids.accounts!, "transfers");
    expect(capability).toMatchObject({
      object: "capability",
      id: "transfers",
      account: ids.accounts,
      status: "active",
    });
    const persons = await stripe.accounts.listPersons(ids.accounts!);
    expect(persons.data.map((p) => p.id)).toEqual([ids["accounts/persons"]]);

    const item = await stripe.subscriptionItems.retrieve(ids.subscription_items!);
    expect(item).toMatchObject({
      object: "subscription_item",
      subscription: ids.subscriptions,
    });
  });
});

function allOperations(stripe: Stripe): string[] {
  return Object.entries(RESOURCES).flatMap(([name, resourceOf]) =>
    operationsOf(resourceOf(stripe)).map((method) => `${name}.${method}`),
  );
}
