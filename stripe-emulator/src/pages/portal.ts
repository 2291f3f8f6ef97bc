import { alertBox, cardInputs, escapeHtml, formatDate, formatMoney, layout } from "./html";

interface PortalSubscription {
  id: string;
  status: string;
  productName: string;
  amount: number;
  currentPeriodEnd: number;
  cancelAtPeriodEnd: boolean;
}

const BRAND_NAMES: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  diners: "Diners Club",
  jcb: "JCB",
  unionpay: "UnionPay",
};

/** Stripe's statuses, in the words a customer reads. */
const STATUS_LABELS: Record<string, string> = {
  active: "Active",
  trialing: "Trial",
  past_due: "Past due",
  unpaid: "Unpaid",
  canceled: "Cancelled",
  incomplete: "Incomplete",
  incomplete_expired: "Expired",
  paused: "Paused",
};

/** Subscriptions a customer can still cancel from the portal. */
const CANCELLABLE = new Set(["active", "trialing", "past_due", "unpaid"]);

/** "Return to example.com": the portal names the site it sends the customer back to. */
function siteName(returnUrl: string): string {
  try {
    return new URL(returnUrl).host || returnUrl;
  } catch {
    return returnUrl;
  }
}

function subscriptionBlock(sub: PortalSubscription, cancelAction: string): string {
  const status = STATUS_LABELS[sub.status] ?? sub.status;
  const date = formatDate(sub.currentPeriodEnd);
  let renewal: string;
  if (sub.status === "canceled") renewal = "This subscription has ended.";
  else if (sub.cancelAtPeriodEnd) renewal = `Cancels on ${date}.`;
  else renewal = `Renews on ${date}.`;
  const cancel =
    CANCELLABLE.has(sub.status) && !sub.cancelAtPeriodEnd
      ? `<form method="post" action="${escapeHtml(cancelAction)}">
<input type="hidden" name="subscription" value="${escapeHtml(sub.id)}">
<button type="submit" class="danger">Cancel subscription</button>
</form>`
      : "";
  return `<article class="plan" aria-label="${escapeHtml(sub.productName)}">
<div class="plan-head"><strong>${escapeHtml(sub.productName)}</strong> <span class="status status-${escapeHtml(sub.status)}">${escapeHtml(status)}</span></div>
<div class="plan-price">${escapeHtml(formatMoney(sub.amount))} per month</div>
<p>${escapeHtml(renewal)}</p>
${cancel}
</article>`;
}

const PORTAL_CSS = `
.return{display:inline-block;margin-bottom:16px;font-size:14px;text-decoration:none}
.plan{border:1px solid var(--border);border-radius:10px;padding:16px;margin:12px 0}
.plan p{margin:4px 0 0}.plan button{margin-top:12px}
.plan-head{display:flex;flex-wrap:wrap;align-items:center;gap:8px;justify-content:space-between}
.plan-price{font-variant-numeric:tabular-nums;color:var(--muted)}
.status{font-size:12px;font-weight:600;border-radius:999px;padding:2px 8px;background:#eef0f4;color:#3c4257}
.status-active,.status-trialing{background:#e3f7ea;color:#135c2e}
.status-past_due,.status-unpaid{background:#fff4d6;color:#7a4b00}
.status-canceled,.status-incomplete_expired{background:#fde8ec;color:#8a0a2a}
.method{display:flex;flex-wrap:wrap;gap:4px 12px;align-items:baseline;font-variant-numeric:tabular-nums}
`;

/** Stands in for Stripe's customer billing portal: plans, cancel, and the card on file. */
export function renderPortalPage(p: {
  sessionId: string;
  customerEmail: string | null;
  subscriptions: Array<PortalSubscription>;
  card: { brand: string; last4: string; expMonth: number; expYear: number } | null;
  returnUrl: string;
  updateCardAction: string;
  cancelAction: string;
  message?: string;
  error?: string;
}): string {
  const plans =
    p.subscriptions.length === 0
      ? `<p class="empty">No subscriptions.</p>`
      : p.subscriptions.map((sub) => subscriptionBlock(sub, p.cancelAction)).join("");
  let method = `<p class="empty">No payment method on file.</p>`;
  if (p.card) {
    const brand = BRAND_NAMES[p.card.brand] ?? p.card.brand;
    const expiry = `${String(p.card.expMonth).padStart(2, "0")}/${String(p.card.expYear).slice(-2)}`;
    method = `<p class="method"><strong>${escapeHtml(brand)} •••• ${escapeHtml(p.card.last4)}</strong> <span>Expires ${escapeHtml(expiry)}</span></p>`;
  }
  const body = `<a class="return" href="${escapeHtml(p.returnUrl)}">← Return to ${escapeHtml(siteName(p.returnUrl))}</a>
<div class="card" data-session-id="${escapeHtml(p.sessionId)}">
<h1>Billing</h1>
${p.customerEmail ? `<p>${escapeHtml(p.customerEmail)}</p>` : ""}
${alertBox("success", p.message)}
${alertBox("error", p.error)}
<h2>Current plan</h2>
${plans}
<h2>Payment method</h2>
${method}
<form method="post" action="${escapeHtml(p.updateCardAction)}" aria-labelledby="update-title">
<h2 id="update-title">Update payment method</h2>
${cardInputs()}
<button type="submit" class="secondary">Update card</button>
</form>
</div>`;
  return layout({ title: "Billing portal", body, width: 560, css: PORTAL_CSS });
}
