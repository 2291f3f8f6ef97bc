import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { createCustomerWithCard, createExpressAccount, createMonthlyPrice } from "./fixtures";
import { postForm, postJson } from "./support";
import { openEmulatorPerFile } from "./target";

// Emulator only: the pages Stripe hosts, driven by form posts as a browser would.

const suite = openEmulatorPerFile();

const onboardingLink = (account: string) =>
  suite.stripe.accountLinks.create({
    account,
    type: "account_onboarding",
    refresh_url: "http://localhost/refresh",
    return_url: "http://localhost/return",
  });

describe("Connect onboarding and the Express dashboard", () => {
  it("validates the form, completes the requirements, and sends expired links to refresh_url", async () => {
    const account = await createExpressAccount(suite.target, { onboarded: false });
    expect(account.requirements?.currently_due).toEqual(
      expect.arrayContaining(["external_account", "individual.first_name", "tos_acceptance.date"]),
    );
    const link = await onboardingLink(account.id);
    expect(link.url).toBe(`${suite.base}/connect/onboarding/${link.url.split("/").pop()}`);
    expect(link.expires_at - link.created).toBe(300);
    const incomplete = await postForm(link.url, { business_name: "Lawns", first_name: "A" });
    expect(incomplete.status).toBe(400);
    expect(await incomplete.text()).toContain("last name");
    expect((await suite.stripe.accounts.retrieve(account.id)).details_submitted).toBe(false);

    const done = await postForm(link.url, {
      business_name: "Lawns",
      first_name: "Ann",
      last_name: "Bee",
      routing_number: "110000000",
      account_number: "000123456789",
    });
    expect(done.headers.get("location")).toBe("http://localhost/return");
    const onboarded = await suite.stripe.accounts.retrieve(account.id);
    expect(onboarded).toMatchObject({
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      requirements: { currently_due: [] },
      capabilities: { card_payments: "active", transfers: "active" },
    });

    const stale = await onboardingLink(account.id);
    await postJson(`${suite.base}/_emulator/clock/advance`, { seconds: 301 });
    const expired = await fetch(stale.url, { redirect: "manual" });
    expect(expired.status).toBe(302);
    expect(expired.headers.get("location")).toBe("http://localhost/refresh");
  });

  it("shows the balance, fees and transfers on the Express dashboard", async () => {
    const account = await createExpressAccount(suite.target);
    const price = await createMonthlyPrice(suite.target, 5000);
    const { customer } = await createCustomerWithCard(suite.target, "4242424242424242");
    await suite.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      transfer_data: { destination: account.id },
      on_behalf_of: account.id,
      application_fee_percent: 15,
    });
    const login = await suite.stripe.accounts.createLoginLink(account.id);
    expect(login.url).toMatch(new RegExp(`^${suite.base}/express/`));
    const page = await fetch(login.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("$42.50");
    const fees = await suite.stripe.applicationFees.list({ limit: 100 });
    expect(fees.data.find((f) => f.account === account.id)?.amount).toBe(750);
  });

  it("creates account sessions for embedded onboarding", async () => {
    const account = await createExpressAccount(suite.target, { onboarded: false });
    const session = await suite.stripe.accountSessions.create({
      account: account.id,
      components: { account_onboarding: { enabled: true } },
    });
    expect(session).toMatchObject({
      object: "account_session",
      account: account.id,
      components: { account_onboarding: { enabled: true } },
    });
    expect(session.client_secret).toBeTruthy();
  });
});

describe("Checkout", () => {
  it("completes with the subscription_data applied and expands what it created", async () => {
    const account = await createExpressAccount(suite.target);
    const price = await createMonthlyPrice(suite.target, 3000);
    const session = await suite.stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: "http://localhost/success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost/cancel",
      customer_email: "buyer@example.com",
      client_reference_id: "offering_1",
      metadata: { offering: "o1" },
      subscription_data: {
        application_fee_percent: 15,
        transfer_data: { destination: account.id },
        on_behalf_of: account.id,
        metadata: { offering: "o1" },
      },
    });
    expect(session).toMatchObject({
      status: "open",
      payment_status: "unpaid",
      url: `${suite.base}/checkout/${session.id}`,
    });
    const form = await fetch(session.url!);
    // customer_email is shown read-only, as on Stripe's page, and a posted form can't change it.
    expect(await form.text()).toContain('value="buyer@example.com" readonly');
    const ok = await postForm(session.url!, {
      email: "someone-else@example.com",
      name: "Buyer",
      card_number: "4242 4242 4242 4242",
      exp_month: "12",
      exp_year: "2040",
      cvc: "123",
    });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe(`http://localhost/success?session_id=${session.id}`);
    const done = await suite.stripe.checkout.sessions.retrieve(session.id, {
      expand: ["subscription.latest_invoice", "customer", "line_items"],
    });
    expect(done).toMatchObject({
      status: "complete",
      payment_status: "paid",
      client_reference_id: "offering_1",
      metadata: { offering: "o1" },
    });
    const subscription = done.subscription as Stripe.Subscription;
    expect(subscription).toMatchObject({
      status: "active",
      application_fee_percent: 15,
      transfer_data: { destination: account.id },
      on_behalf_of: account.id,
      metadata: { offering: "o1" },
    });
    expect((done.customer as Stripe.Customer).email).toBe("buyer@example.com");
    expect((subscription.latest_invoice as Stripe.Invoice).status).toBe("paid");
    expect(done.line_items?.data[0]).toMatchObject({ amount_total: 3000, quantity: 1 });
    // Submitting again (a double click) changes nothing and still lands on success_url.
    const again = await postForm(session.url!, { email: "buyer@example.com" });
    expect(again.headers.get("location")).toBe(`http://localhost/success?session_id=${session.id}`);
  });
});

describe("Checkout with a free trial", () => {
  it("starts the subscription trialing from the completion, with the card saved and nothing paid", async () => {
    const price = await createMonthlyPrice(suite.target, 2500);
    const session = await suite.stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: "http://localhost/ok?s={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost/cancel",
      subscription_data: { trial_period_days: 14 },
    });
    const ok = await postForm(session.url!, {
      email: "trial@example.com",
      name: "Trial",
      card_number: "4242 4242 4242 4242",
      exp_month: "12",
      exp_year: "2040",
      cvc: "123",
    });
    expect(ok.status).toBe(303);
    const done = await suite.stripe.checkout.sessions.retrieve(session.id, {
      expand: ["subscription.latest_invoice"],
    });
    expect(done).toMatchObject({ status: "complete", payment_status: "no_payment_required" });
    const subscription = done.subscription as Stripe.Subscription;
    expect(subscription.status).toBe("trialing");
    expect(subscription.trial_end! - subscription.trial_start!).toBe(14 * 86_400);
    expect((subscription.latest_invoice as Stripe.Invoice).amount_paid).toBe(0);
    expect(subscription.default_payment_method).not.toBeNull();
  });

  it("refuses a trial Checkout can't give", async () => {
    const price = await createMonthlyPrice(suite.target, 2500);
    await expect(
      suite.stripe.checkout.sessions.create({
        mode: "subscription",
        line_items: [{ price: price.id, quantity: 1 }],
        success_url: "http://localhost/ok",
        cancel_url: "http://localhost/cancel",
        subscription_data: { trial_period_days: 0 },
      }),
    ).rejects.toMatchObject({ param: "subscription_data[trial_period_days]" });
  });
});

describe("Checkout with 3-D Secure and declines", () => {
  it("challenges a 3155 card, then finishes on return; a decline before keeps one customer", async () => {
    const price = await createMonthlyPrice(suite.target, 2200);
    const session = await suite.stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: "http://localhost/ok?s={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost/cancel",
    });
    const fields = {
      email: "three@example.com",
      name: "Three",
      exp_month: "12",
      exp_year: "2040",
      cvc: "123",
    };
    const declined = await postForm(session.url!, { ...fields, card_number: "4000000000000341" });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain("Your card was declined.");

    const challenged = await postForm(session.url!, { ...fields, card_number: "4000002500003155" });
    expect(challenged.status).toBe(303);
    const challenge = challenged.headers.get("location")!;
    expect(challenge).toMatch(new RegExp(`^${suite.base}/3ds/pi_`));
    expect((await suite.stripe.checkout.sessions.retrieve(session.id)).status).toBe("open");

    const back = await fetch(`${challenge}/complete`, { method: "POST", redirect: "manual" });
    expect(back.headers.get("location")).toBe(session.url);
    const finished = await fetch(session.url!, { redirect: "manual" });
    expect(finished.headers.get("location")).toBe(`http://localhost/ok?s=${session.id}`);
    const done = await suite.stripe.checkout.sessions.retrieve(session.id, {
      expand: ["subscription"],
    });
    expect(done).toMatchObject({ status: "complete", payment_status: "paid" });
    expect((done.subscription as Stripe.Subscription).status).toBe("active");
    const customers = await suite.stripe.customers.list({ email: "three@example.com" });
    expect(customers.data).toHaveLength(1);
  });
});

describe("billing portal", () => {
  it("lists the customer's subscriptions and cancels one immediately", async () => {
    const price = await createMonthlyPrice(suite.target, 1100);
    const { customer } = await createCustomerWithCard(suite.target, "4242424242424242");
    const subscription = await suite.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
    });
    const portal = await suite.stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: "http://localhost/back",
    });
    expect(portal).toMatchObject({
      object: "billing_portal.session",
      return_url: "http://localhost/back",
    });
    const page = await fetch(portal.url);
    const html = await page.text();
    expect(html).toContain("Weekly Lawn Care");
    expect(html).toContain("http://localhost/back");
    const declined = await postForm(`${portal.url}/card`, {
      card_number: "4000000000000002",
      exp_month: "12",
      exp_year: "2040",
      cvc: "123",
    });
    expect(await declined.text()).toContain("Your card was declined.");
    const canceled = await postForm(`${portal.url}/cancel`, { subscription: subscription.id });
    expect(await canceled.text()).toContain("cancel");
    expect((await suite.stripe.subscriptions.retrieve(subscription.id)).status).toBe("canceled");
  });
});

describe("3-D Secure page", () => {
  it("without a return_url or JSON, ends on a page that says it is done", async () => {
    const price = await createMonthlyPrice(suite.target, 800);
    const { customer, pm } = await createCustomerWithCard(suite.target, "4000002500003155");
    const subscription = await suite.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: "default_incomplete",
      expand: ["latest_invoice.confirmation_secret"],
    });
    const id = (
      subscription.latest_invoice as Stripe.Invoice
    ).confirmation_secret!.client_secret.split("_secret_")[0]!;
    const intent = await suite.stripe.paymentIntents.confirm(id, { payment_method: pm });
    expect(intent.status).toBe("requires_action");
    const page = await fetch(`${suite.base}/3ds/${id}`);
    expect(page.status).toBe(200);
    const done = await fetch(`${suite.base}/3ds/${id}/complete`, { method: "POST" });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("close this window");
    expect((await suite.stripe.paymentIntents.retrieve(id)).status).toBe("succeeded");
  });
});

describe("the hosted invoice page and PDF", () => {
  it("shows the business, customer, lines, discount, total, payment and card; escapes HTML", async () => {
    const { stripe } = suite;
    const account = await createExpressAccount(suite.target);
    await stripe.accounts.update(account.id, { business_profile: { name: "Ann's <Lawns>" } });
    const price = await createMonthlyPrice(suite.target, 4000);
    const { customer } = await createCustomerWithCard(suite.target, "4242424242424242");
    await stripe.customers.update(customer.id, { name: "<b>Sam</b>" });
    const coupon = await stripe.coupons.create({
      percent_off: 25,
      duration: "once",
      name: "Neighbour",
    });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      on_behalf_of: account.id,
      transfer_data: { destination: account.id },
      discounts: [{ coupon: coupon.id }],
      expand: ["latest_invoice"],
    });
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    expect(invoice.hosted_invoice_url).toBe(`${suite.base}/invoices/${invoice.id}`);
    expect(invoice.invoice_pdf).toBe(`${suite.base}/invoices/${invoice.id}/pdf`);

    const page = await fetch(invoice.hosted_invoice_url!);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const body = await page.text();
    for (const text of [
      "Ann&#39;s &lt;Lawns&gt;",
      `Invoice ${invoice.number}`,
      "&lt;b&gt;Sam&lt;/b&gt;",
      "sam@example.com",
      "1 × Weekly Lawn Care",
      "$40.00",
      "Discount: Neighbour",
      "-$10.00",
      "$30.00",
      "Paid",
      "Visa ending in 4242",
    ])
      expect(body).toContain(text);
    expect(body).not.toContain("<b>Sam</b>");

    const pdf = await fetch(invoice.invoice_pdf!);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const bytes = Buffer.from(await pdf.arrayBuffer()).toString("latin1");
    expect(bytes.startsWith("%PDF-1.4\n")).toBe(true);
    expect(bytes.trimEnd().endsWith("%%EOF")).toBe(true);
    expect(bytes).toContain("Ann's <Lawns>");
    expect(bytes).toContain("Total: $30.00");
    // The cross-reference table points at each object.
    const offset = Number(bytes.match(/startxref\n(\d+)/)![1]);
    expect(bytes.slice(offset, offset + 4)).toBe("xref");
    const entries = [...bytes.slice(offset).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) =>
      Number(m[1]),
    );
    expect(entries).toHaveLength(5);
    entries.forEach((at, i) => {
      expect(bytes.slice(at).startsWith(`${i + 1} 0 obj`)).toBe(true);
    });
  });

  it("names the platform without on_behalf_of, says Void for a voided invoice, 404s an unknown one", async () => {
    const { stripe } = suite;
    const price = await createMonthlyPrice(suite.target, 1200);
    const { customer } = await createCustomerWithCard(suite.target, "4242424242424242");
    const abandoned = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: "default_incomplete",
    });
    await stripe.subscriptions.cancel(abandoned.id);
    const invoice = await stripe.invoices.retrieve(abandoned.latest_invoice as string);
    const body = await (await fetch(invoice.hosted_invoice_url!)).text();
    expect(body).toContain("Regulars (emulated)");
    expect(body).toContain("Void");
    expect(body).not.toContain("ending in");
    const missing = await fetch(`${suite.base}/invoices/in_missing`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Not found");
    expect((await fetch(`${suite.base}/invoices/in_missing/pdf`)).status).toBe(404);
  });
});
