import { alertBox, cardInputs, escapeHtml, formatMoney, layout } from "./html";

const CHECKOUT_CSS = `
.checkout{display:grid;grid-template-columns:1fr;gap:24px}
@media (min-width:760px){.checkout{grid-template-columns:1fr 1fr;gap:48px;align-items:start}}
.summary{padding:8px 0}
.summary .product{font-size:16px;color:var(--muted);margin:16px 0 4px}
.summary .interval{font-size:15px;font-weight:400;color:var(--muted)}
.back{display:inline-block;font-size:14px;text-decoration:none;color:var(--muted)}
.back:hover{color:var(--text)}
`;

/** Stands in for a Stripe Checkout page in subscription mode: summary left, card form right. */
export function renderCheckoutPage(p: {
  sessionId: string;
  productName: string;
  amount: number;
  currency: string;
  interval: string;
  customerEmail: string | null;
  action: string;
  cancelUrl: string;
  publishableKey: string;
  /** What the first payment comes to after a discount; absent without one. */
  discountedTotal?: number;
  error?: string;
}): string {
  const price = formatMoney(p.amount, p.currency);
  const email = p.customerEmail
    ? `<input id="email" name="email" type="email" value="${escapeHtml(p.customerEmail)}" readonly required>`
    : `<input id="email" name="email" type="email" autocomplete="email" required>`;
  const body = `<div class="checkout" data-session-id="${escapeHtml(p.sessionId)}" data-publishable-key="${escapeHtml(p.publishableKey)}">
<section class="summary" aria-labelledby="summary-title">
<a class="back" href="${escapeHtml(p.cancelUrl)}">← Back</a>
<p class="product" id="summary-title">Subscribe to ${escapeHtml(p.productName)}</p>
<div class="amount">${escapeHtml(price)} <span class="interval">per ${escapeHtml(p.interval)}</span></div>
${p.discountedTotal === undefined ? "" : `<p class="discount">Due today with your discount: ${escapeHtml(formatMoney(p.discountedTotal, p.currency))}</p>`}
</section>
<section class="card" aria-labelledby="pay-title">
<h1 id="pay-title" style="font-size:20px">Pay with card</h1>
${alertBox("error", p.error)}
<form method="post" action="${escapeHtml(p.action)}">
<label for="email">Email</label>
${email}
<label for="name">Cardholder name</label>
<input id="name" name="name" autocomplete="cc-name" required>
${cardInputs()}
<button type="submit">Subscribe</button>
</form>
<p class="note">Test mode: use 4242 4242 4242 4242, any future expiry and any CVC.</p>
</section>
</div>`;
  return layout({
    title: `Subscribe to ${p.productName}`,
    body,
    width: 920,
    css: CHECKOUT_CSS,
  });
}
