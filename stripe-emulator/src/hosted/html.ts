export function escapeHtml(value: unknown): string {
  return String(value ?? "")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

export const money = (cents: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);

const styles = `
*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1f2937;background:#f6f7f9}
main{max-width:560px;margin:0 auto;padding:32px 16px}.card{background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:24px;box-shadow:0 1px 2px rgba(0,0,0,.04)}
h1{font-size:22px;margin:0 0 4px}h2{font-size:16px;margin:24px 0 8px}p{margin:0 0 12px;color:#4b5563}
label{display:block;font-size:13px;font-weight:600;margin:12px 0 4px}input{width:100%;height:40px;border:1px solid #d1d5db;border-radius:8px;padding:0 10px;font:inherit}
input:focus{outline:2px solid #635bff;outline-offset:1px}.row{display:flex;gap:8px}.row>div{flex:1}
button{margin-top:16px;height:42px;padding:0 16px;border:0;border-radius:8px;background:#635bff;color:#fff;font:600 15px system-ui;cursor:pointer;width:100%}
button.secondary{background:#fff;color:#1f2937;border:1px solid #d1d5db}button.danger{background:#b91c1c}
.badge{display:inline-block;font-size:12px;font-weight:600;background:#fef3c7;color:#92400e;border-radius:999px;padding:2px 10px;margin-bottom:16px}
.error{background:#fef2f2;border:1px solid #fecaca;color:#991b1b;border-radius:8px;padding:10px 12px;margin:12px 0}
.ok{background:#f0fdf4;border:1px solid #bbf7d0;color:#166534;border-radius:8px;padding:10px 12px;margin:12px 0}
table{width:100%;border-collapse:collapse;font-size:14px}td,th{text-align:left;padding:6px 4px;border-bottom:1px solid #f0f0f0}.num{text-align:right;font-variant-numeric:tabular-nums}
.amount{font-size:28px;font-weight:700;font-variant-numeric:tabular-nums}a{color:#635bff}`;

export function page(title: string, body: string, script = ""): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${styles}</style></head><body><main>
<span class="badge">Test mode — Stripe emulator</span><div class="card">${body}</div></main>${script}</body></html>`;
}

export const errorBox = (message?: string) =>
  message ? `<div class="error" role="alert">${escapeHtml(message)}</div>` : "";

export const cardFields = `
<label for="card_number">Card number</label><input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required>
<div class="row"><div><label for="exp_month">Expiry month</label><input id="exp_month" name="exp_month" inputmode="numeric" placeholder="12" required></div>
<div><label for="exp_year">Expiry year</label><input id="exp_year" name="exp_year" inputmode="numeric" placeholder="2030" required></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" placeholder="123" required></div></div>`;
