import { describe, expect, it } from "vitest";
import { renderCheckoutPage } from "../../src/pages/checkout";
import { renderExpressDashboardPage } from "../../src/pages/express";
import { escapeHtml, formatMoney } from "../../src/pages/html";
import { renderOnboardingPage } from "../../src/pages/onboarding";
import { renderPortalPage } from "../../src/pages/portal";
import { renderThreeDSecurePage } from "../../src/pages/three-d-secure";

const XSS = `<script>alert("x")</script>`;
const XSS_ESCAPED = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;";

/** The one <script> a page may carry is its own; anything else means an injection got through. */
function scriptTags(html: string) {
  return html.match(/<script\b/gi) ?? [];
}

const checkout = {
  sessionId: "cs_test_1",
  productName: "Dog Walks",
  amount: 4000,
  currency: "usd",
  interval: "month",
  customerEmail: null,
  action: "/checkout/cs_test_1/pay",
  cancelUrl: "https://app.test/landing/dogs",
  publishableKey: "pk_test_123",
  allowedCountries: null,
  collectPhone: false,
  shipping: {},
};

describe("escapeHtml and money", () => {
  it("escapes the five HTML-significant characters", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
    expect(escapeHtml(null)).toBe("");
  });

  it("formats cents with Intl currency formatting", () => {
    expect(formatMoney(4000)).toBe("$40.00");
    expect(formatMoney(123456, "usd")).toBe("$1,234.56");
    expect(formatMoney(5, "eur")).toBe("€0.05");
  });
});

describe("renderCheckoutPage", () => {
  it("shows the subscription summary and a complete card form", () => {
    const html = renderCheckoutPage(checkout);
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain("Subscribe to Dog Walks");
    expect(html).toContain("$40.00");
    expect(html).toContain("per month");
    expect(html).toContain('<form method="post" action="/checkout/cs_test_1/pay">');
    for (const name of ["email", "name", "card_number", "exp_month", "exp_year", "cvc"]) {
      expect(html).toContain(`name="${name}"`);
      expect(html).toContain(`<label for="${name}">`);
    }
    expect(html).toContain("Cardholder name");
    expect(html).toMatch(/<button type="submit">Subscribe<\/button>/);
    expect(html).toContain('href="https://app.test/landing/dogs">← Back</a>');
    expect(html).toContain("Test mode — Stripe emulator");
  });

  it("prefills a known e-mail read-only and shows an error alert", () => {
    const html = renderCheckoutPage({
      ...checkout,
      customerEmail: "ann@example.com",
      error: "Your card was declined.",
    });
    expect(html).toMatch(/name="email" type="email" value="ann@example.com" readonly/);
    expect(html).toContain('role="alert">Your card was declined.</div>');
  });

  it("renders hostile values inert", () => {
    const html = renderCheckoutPage({
      ...checkout,
      productName: XSS,
      customerEmail: `"><img src=x onerror=alert(1)>`,
      cancelUrl: `"><script>alert(2)</script>`,
      error: XSS,
    });
    expect(scriptTags(html)).toHaveLength(0);
    expect(html).toContain(`Subscribe to ${XSS_ESCAPED}`);
    expect(html).not.toContain("<img");
  });
});

describe("renderPortalPage", () => {
  const portal = {
    sessionId: "bps_1",
    customerEmail: "ann@example.com",
    subscriptions: [
      {
        id: "sub_1",
        status: "active",
        productName: "Dog Walks",
        amount: 4000,
        currentPeriodEnd: Date.UTC(2026, 2, 4) / 1000,
        cancelAtPeriodEnd: false,
      },
      {
        id: "sub_2",
        status: "canceled",
        productName: "Cat Sitting",
        amount: 1500,
        currentPeriodEnd: Date.UTC(2026, 0, 1) / 1000,
        cancelAtPeriodEnd: false,
      },
    ],
    card: { brand: "visa", last4: "4242", expMonth: 12, expYear: 2034 },
    returnUrl: "https://app.test/customer/manage",
    updateCardAction: "/portal/bps_1/card",
    cancelAction: "/portal/bps_1/cancel",
  };

  it("shows plans, the card on file and the two forms", () => {
    const html = renderPortalPage(portal);
    expect(html).toContain('href="https://app.test/customer/manage">← Return to app.test</a>');
    expect(html).toContain("Dog Walks");
    expect(html).toContain("$40.00 per month");
    expect(html).toContain("Renews on Mar 4, 2026.");
    expect(html).toContain("Visa •••• 4242");
    expect(html).toContain("Expires 12/34");
    // Only the active subscription can be cancelled.
    expect(html.match(/Cancel subscription<\/button>/g)).toHaveLength(1);
    expect(html).toContain('<input type="hidden" name="subscription" value="sub_1">');
    expect(html).not.toContain('value="sub_2"');
    expect(html).toContain('action="/portal/bps_1/card"');
    expect(html).toContain(">Update card</button>");
    for (const name of ["card_number", "exp_month", "exp_year", "cvc"]) {
      expect(html).toContain(`name="${name}"`);
    }
  });

  it("says when a subscription cancels at period end, and shows alerts", () => {
    const first = portal.subscriptions[0]!;
    const html = renderPortalPage({
      ...portal,
      subscriptions: [{ ...first, cancelAtPeriodEnd: true }],
      card: null,
      message: "Your card was updated.",
      error: "Your card was declined.",
    });
    expect(html).toContain("Cancels on Mar 4, 2026.");
    expect(html).not.toContain("Cancel subscription</button>");
    expect(html).toContain("No payment method on file.");
    expect(html).toContain('role="status">Your card was updated.</div>');
    expect(html).toContain('role="alert">Your card was declined.</div>');
  });

  it("escapes product names and ids", () => {
    const first = portal.subscriptions[0]!;
    const html = renderPortalPage({
      ...portal,
      subscriptions: [{ ...first, id: `"><script>x()</script>`, productName: XSS }],
      error: XSS,
    });
    expect(scriptTags(html)).toHaveLength(0);
    expect(html).toContain(XSS_ESCAPED);
  });
});

describe("renderOnboardingPage", () => {
  it("has every required, labelled field with the test bank details prefilled", () => {
    const html = renderOnboardingPage({
      accountId: "acct_1",
      email: "maker@example.com",
      action: "/connect/onboarding/acct_1",
      error: "Session expired",
    });
    expect(html).toContain('<form method="post" action="/connect/onboarding/acct_1"');
    for (const name of [
      "business_name",
      "first_name",
      "last_name",
      "routing_number",
      "account_number",
    ]) {
      expect(html).toMatch(new RegExp(`<label for="${name}">[^<]+</label>`));
      expect(html).toMatch(new RegExp(`name="${name}"[^>]*required`));
    }
    expect(html).toContain('value="110000000"');
    expect(html).toContain('value="000123456789"');
    expect(html).toContain("Submit and finish onboarding");
    expect(html).toContain("simulates Stripe's hosted onboarding");
    expect(html).toContain('role="alert">Session expired</div>');
  });

  it("escapes the e-mail", () => {
    const html = renderOnboardingPage({ accountId: "acct_1", email: XSS, action: "/x" });
    expect(scriptTags(html)).toHaveLength(0);
  });
});

describe("renderExpressDashboardPage", () => {
  it("shows balances, schedule and both tables", () => {
    const html = renderExpressDashboardPage({
      accountId: "acct_1",
      email: "maker@example.com",
      available: 3400,
      pending: 123456,
      applicationFees: [{ id: "fee_1", amount: 600, created: Date.UTC(2026, 0, 2) / 1000 }],
      transfers: [{ id: "tr_1", amount: 3400, created: Date.UTC(2026, 0, 2) / 1000 }],
      payoutSchedule: "daily",
    });
    expect(html).toContain("$34.00");
    expect(html).toContain("$1,234.56");
    expect(html).toContain("Daily");
    expect(html).toContain("tr_1");
    expect(html).toContain("fee_1");
    expect(html).toContain("$6.00");
    expect(html).toContain("Jan 2, 2026");
  });

  it("has empty states and escapes", () => {
    const html = renderExpressDashboardPage({
      accountId: "acct_1",
      email: XSS,
      available: 0,
      pending: 0,
      applicationFees: [],
      transfers: [],
      payoutSchedule: XSS,
    });
    expect(html).toContain("No payments yet.");
    expect(html).toContain("No platform fees yet.");
    expect(html).toContain("$0.00");
    expect(scriptTags(html)).toHaveLength(0);
  });
});

describe("renderThreeDSecurePage", () => {
  it("has Stripe's Complete and Fail buttons as plain form posts plus the enhancing script", () => {
    const html = renderThreeDSecurePage({
      paymentIntentId: "pi_1",
      amount: 4000,
      currency: "usd",
      completeAction: "/3ds/pi_1/complete",
      failAction: "/3ds/pi_1/fail",
      returnUrl: "https://app.test/return",
    });
    expect(html).toContain("3D Secure 2 Test Page");
    expect(html).toContain("$40.00");
    expect(html).toMatch(
      /<form method="post" action="\/3ds\/pi_1\/complete"[^>]*><button type="submit" id="test-source-authorize-3ds">Complete<\/button>/,
    );
    expect(html).toMatch(
      /<form method="post" action="\/3ds\/pi_1\/fail"[^>]*><button type="submit" id="test-source-fail-3ds"[^>]*>Fail<\/button>/,
    );
    expect(html).toContain('data-payment-intent="pi_1"');
    expect(html).toContain('data-return-url="https://app.test/return"');
    expect(html).toContain("stripe-emulator-3ds-complete");
    expect(scriptTags(html)).toHaveLength(1);
  });

  it("keeps request data out of the script", () => {
    const html = renderThreeDSecurePage({
      paymentIntentId: XSS,
      amount: 1,
      currency: "usd",
      completeAction: XSS,
      failAction: "/f",
      returnUrl: null,
    });
    expect(scriptTags(html)).toHaveLength(1);
    expect(html).toContain(`data-payment-intent="${XSS_ESCAPED}"`);
  });
});
