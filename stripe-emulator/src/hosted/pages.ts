import { cardFields, errorBox, escapeHtml, money, page } from "./html";

export function renderOnboardingPage(p: {
  accountId: string;
  email: string | null;
  action: string;
  error?: string;
}) {
  return page(
    "Set up payouts",
    `<h1>Set up your Stripe Express account</h1><p>This simulates Stripe's hosted onboarding for ${escapeHtml(p.email ?? p.accountId)}.</p>
${errorBox(p.error)}<form method="post" action="${escapeHtml(p.action)}">
<label for="business_name">Business name</label><input id="business_name" name="business_name" required>
<div class="row"><div><label for="first_name">First name</label><input id="first_name" name="first_name" required></div>
<div><label for="last_name">Last name</label><input id="last_name" name="last_name" required></div></div>
<label for="routing_number">Routing number</label><input id="routing_number" name="routing_number" value="110000000" required>
<label for="account_number">Account number</label><input id="account_number" name="account_number" value="000123456789" required>
<button type="submit">Submit and finish onboarding</button></form>`,
  );
}

export function renderExpressDashboardPage(p: {
  accountId: string;
  email: string | null;
  available: number;
  pending: number;
  applicationFees: Array<{ id: string; amount: number; created: number }>;
  transfers: Array<{ id: string; amount: number; created: number }>;
  payoutSchedule: string;
}) {
  const rows = (items: Array<{ id: string; amount: number; created: number }>, empty: string) =>
    items.length === 0
      ? `<p>${empty}</p>`
      : `<table><tbody>${items
          .map(
            (i) =>
              `<tr><td>${new Date(i.created * 1000).toLocaleDateString("en-US")}</td><td>${escapeHtml(i.id)}</td><td class="num">${money(i.amount)}</td></tr>`,
          )
          .join("")}</tbody></table>`;
  return page(
    "Express dashboard",
    `<h1>Express dashboard</h1><p>${escapeHtml(p.email ?? p.accountId)} · payouts ${escapeHtml(p.payoutSchedule)}</p>
<div class="row"><div><p>Available</p><div class="amount">${money(p.available)}</div></div><div><p>Pending</p><div class="amount">${money(p.pending)}</div></div></div>
<h2>Payments received</h2>${rows(p.transfers, "No payments yet.")}<h2>Platform fees</h2>${rows(p.applicationFees, "No fees yet.")}`,
  );
}

export function renderCheckoutPage(p: {
  sessionId: string;
  productName: string;
  amount: number;
  customerEmail: string | null;
  action: string;
  cancelUrl: string | null;
  error?: string;
}) {
  return page(
    `Subscribe to ${p.productName}`,
    `<p>Subscribe to ${escapeHtml(p.productName)}</p><div class="amount">${money(p.amount)} <span style="font-size:15px;font-weight:400">per month</span></div>
${errorBox(p.error)}<form method="post" action="${escapeHtml(p.action)}">
<label for="email">Email</label><input id="email" name="email" type="email" value="${escapeHtml(p.customerEmail ?? "")}" required>
<label for="name">Cardholder name</label><input id="name" name="name" autocomplete="cc-name" required>
${cardFields}<button type="submit">Subscribe</button></form>
${p.cancelUrl ? `<p style="margin-top:16px"><a href="${escapeHtml(p.cancelUrl)}">← Back</a></p>` : ""}`,
  );
}

export function renderPortalPage(p: {
  customerEmail: string | null;
  subscriptions: Array<{
    id: string;
    status: string;
    productName: string;
    amount: number;
    currentPeriodEnd: number;
  }>;
  card: { brand: string; last4: string; expMonth: number; expYear: number } | null;
  returnUrl: string | null;
  updateCardAction: string;
  cancelAction: string;
  message?: string;
  error?: string;
}) {
  const subs = p.subscriptions
    .map(
      (s) => `<div style="border:1px solid #e5e7eb;border-radius:8px;padding:12px;margin:8px 0">
<strong>${escapeHtml(s.productName)}</strong> · ${money(s.amount)} per month · <span>${escapeHtml(s.status)}</span>
<p>Renews ${new Date(s.currentPeriodEnd * 1000).toLocaleDateString("en-US")}</p>
${s.status === "active" || s.status === "past_due" ? `<form method="post" action="${escapeHtml(p.cancelAction)}"><input type="hidden" name="subscription" value="${escapeHtml(s.id)}"><button class="danger" type="submit">Cancel subscription</button></form>` : ""}</div>`,
    )
    .join("");
  return page(
    "Billing portal",
    `${p.returnUrl ? `<p><a href="${escapeHtml(p.returnUrl)}">← Return to the site</a></p>` : ""}
<h1>Billing</h1><p>${escapeHtml(p.customerEmail ?? "")}</p>${p.message ? `<div class="ok" role="status">${escapeHtml(p.message)}</div>` : ""}${errorBox(p.error)}
<h2>Current plan</h2>${subs || "<p>No subscriptions.</p>"}
<h2>Payment method</h2><p>${p.card ? `${escapeHtml(p.card.brand)} •••• ${escapeHtml(p.card.last4)} · Expires ${p.card.expMonth}/${p.card.expYear}` : "No card on file."}</p>
<form method="post" action="${escapeHtml(p.updateCardAction)}">${cardFields}<button type="submit">Update card</button></form>`,
  );
}

export function renderThreeDSecurePage(p: {
  paymentIntentId: string;
  amount: number;
  completeAction: string;
  failAction: string;
  returnUrl: string | null;
}) {
  return page(
    "3D Secure authentication",
    `<h1>3D Secure 2 Test Page</h1><p>Authenticate a payment of ${money(p.amount)}.</p>
<form method="post" action="${escapeHtml(p.completeAction)}"><button id="test-source-authorize-3ds" type="submit">Complete</button></form>
<form method="post" action="${escapeHtml(p.failAction)}"><button id="test-source-fail-3ds" class="secondary" type="submit">Fail</button></form>`,
  );
}

export function renderDonePage(title: string, message: string, script = "") {
  return page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`, script);
}
