import { alertBox, cardInputs, escapeHtml, formatMoney, layout } from "./html";

const CHECKOUT_CSS = `
.checkout{display:grid;grid-template-columns:1fr;gap:24px}
@media (min-width:760px){.checkout{grid-template-columns:1fr 1fr;gap:48px;align-items:start}}
.summary{padding:8px 0}
.summary .product{font-size:16px;color:var(--muted);margin:16px 0 4px}
.summary .interval{font-size:15px;font-weight:400;color:var(--muted)}
.back{display:inline-block;font-size:14px;text-decoration:none;color:var(--muted)}
.back:hover{color:var(--text)}
.shipping{border:0;padding:0;margin:16px 0 0}
.shipping legend{font-size:16px;font-weight:600;padding:0}
select{width:100%;min-height:44px;border:1px solid #cfd7df;border-radius:8px;padding:8px 12px;font:inherit;color:inherit;background:#fff}
`;

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });

/** One labelled text input of the shipping form, prefilled with its value. */
function textInput(
  id: string,
  label: string,
  value: string | undefined,
  attributes: string,
): string {
  return `<label for="${id}">${escapeHtml(label)}</label>
<input id="${id}" name="${id}" value="${escapeHtml(value ?? "")}" ${attributes}>`;
}

/** Shipping address inputs; the country is a select of `allowed_countries` only. */
function shippingInputs(allowed: string[], values: Partial<Record<string, string>>): string {
  const selected = values.country && allowed.includes(values.country) ? values.country : allowed[0];
  const options = allowed
    .map(
      (code) =>
        `<option value="${escapeHtml(code)}"${code === selected ? " selected" : ""}>${escapeHtml(regionNames.of(code) ?? code)}</option>`,
    )
    .join("");
  return `<fieldset class="shipping"><legend>Shipping information</legend>
${textInput("shipping_name", "Full name", values.name, 'autocomplete="shipping name" required')}
<label for="shipping_country">Country or region</label>
<select id="shipping_country" name="shipping_country" autocomplete="shipping country" required>${options}</select>
${textInput("shipping_line1", "Address line 1", values.line1, 'autocomplete="shipping address-line1" required')}
${textInput("shipping_line2", "Address line 2 (optional)", values.line2, 'autocomplete="shipping address-line2"')}
<div class="row">
<div>${textInput("shipping_city", "City", values.city, 'autocomplete="shipping address-level2" required')}</div>
<div>${textInput("shipping_state", "State or province", values.state, 'autocomplete="shipping address-level1"')}</div>
<div>${textInput("shipping_postal_code", "Postal code", values.postal_code, 'autocomplete="shipping postal-code" required')}</div>
</div>
</fieldset>`;
}

/** Stands in for a Stripe Checkout page in subscription mode: summary left, card form right. */
export function renderCheckoutPage(p: {
  /** `shipping_address_collection[allowed_countries]`; null when no address is asked for. */
  allowedCountries: string[] | null;
  /** `phone_number_collection[enabled]`. */
  collectPhone: boolean;
  /** What the shipping and phone inputs hold: the customer's, or what was posted. */
  shipping: Partial<Record<string, string>>;
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
${p.collectPhone ? textInput("phone", "Phone number", p.shipping.phone, 'type="tel" autocomplete="tel" required') : ""}
${p.allowedCountries ? shippingInputs(p.allowedCountries, p.shipping) : ""}
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
