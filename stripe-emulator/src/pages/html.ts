/**
 * What every hosted page shares: escaping, money and date formatting, and one plain,
 * Stripe-like layout. Pages are offline, so the CSS is inline and nothing is fetched.
 */

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Safe in text and in quoted attribute values; every interpolated value goes through it. */
export function escapeHtml(value: unknown): string {
  return String(value ?? "").replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Amounts are integer minor units (cents), as everywhere in Stripe. */
export function formatMoney(amount: number, currency = "usd"): string {
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: currency.toUpperCase(),
  }).format(amount / 100);
}

/** Unix seconds to "Mar 4, 2026"; UTC so a page reads the same on every machine. */
export function formatDate(unixSeconds: number): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date(unixSeconds * 1000),
  );
}

export function alertBox(kind: "error" | "success", message: string | undefined): string {
  if (!message) return "";
  // role=alert for errors so screen readers announce them; status for good news.
  const role = kind === "error" ? "alert" : "status";
  return `<div class="alert alert-${kind}" role="${role}">${escapeHtml(message)}</div>`;
}

const STYLES = `
:root{--accent:#635bff;--accent-dark:#4b45c6;--text:#1a1f36;--muted:#5e6577;--border:#e3e8ee;--bg:#f6f8fa;--danger:#c0123c}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--text);background:var(--bg)}
main{max-width:var(--width,480px);margin:0 auto;padding:24px 16px 48px}
.badge{display:inline-flex;align-items:center;gap:6px;font-size:12px;font-weight:600;letter-spacing:.02em;background:#fff4d6;color:#7a4b00;border:1px solid #f5d98b;border-radius:999px;padding:2px 10px;margin:0 0 16px}
.card{background:#fff;border:1px solid var(--border);border-radius:12px;padding:24px;box-shadow:0 1px 3px rgba(26,31,54,.06)}
h1{font-size:24px;line-height:1.25;margin:0 0 8px}
h2{font-size:16px;margin:28px 0 8px}
p{margin:0 0 12px;color:var(--muted)}
a{color:var(--accent)}
a:focus-visible,button:focus-visible,input:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
label{display:block;font-size:14px;font-weight:600;margin:16px 0 6px}
input{width:100%;min-height:44px;border:1px solid #cfd7df;border-radius:8px;padding:8px 12px;font:inherit;color:inherit;background:#fff}
input[readonly]{background:var(--bg);color:var(--muted)}
input:focus{border-color:var(--accent)}
.row{display:flex;flex-wrap:wrap;gap:0 12px}.row>div{flex:1 1 80px;min-width:0}
button{display:block;width:100%;min-height:44px;margin-top:20px;padding:10px 16px;border:0;border-radius:8px;background:var(--accent);color:#fff;font:inherit;font-weight:600;cursor:pointer}
button:hover{background:var(--accent-dark)}
button.secondary{background:#fff;color:var(--text);border:1px solid #cfd7df}
button.secondary:hover{background:var(--bg)}
button.danger{background:#fff;color:var(--danger);border:1px solid #f3bccb}
button.danger:hover{background:#fff5f7}
button:disabled{opacity:.6;cursor:progress}
.alert{border-radius:8px;padding:10px 12px;margin:16px 0;font-size:15px}
.alert-error{background:#fff5f7;border:1px solid #f3bccb;color:#8a0a2a}
.alert-success{background:#effaf3;border:1px solid #b7e4c7;color:#135c2e}
.note{font-size:13px;color:var(--muted);margin-top:16px}
.amount{font-size:32px;font-weight:700;line-height:1.2;font-variant-numeric:tabular-nums;color:var(--text)}
.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
table{width:100%;border-collapse:collapse;font-size:14px}
th{font-weight:600;color:var(--muted);text-align:left;padding:8px 4px;border-bottom:1px solid var(--border)}
td{padding:10px 4px;border-bottom:1px solid var(--border);word-break:break-all}
.empty{padding:16px;text-align:center;border:1px dashed var(--border);border-radius:8px;font-size:14px}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
`;

export interface LayoutOptions {
  title: string;
  body: string;
  /** Inline script, already trusted (never built from request data without escaping). */
  script?: string;
  /** Extra CSS for one page. */
  css?: string;
  /** Max content width in px; narrow forms by default, wider for two-column pages. */
  width?: number;
}

export function layout(options: LayoutOptions): string {
  const width = options.width ?? 480;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(options.title)}</title>
<style>${STYLES}${options.css ?? ""}</style>
</head>
<body>
<main style="--width:${width}px">
<p class="badge"><span aria-hidden="true">●</span> Test mode — Stripe emulator</p>
${options.body}
</main>
${options.script ? `<script>${options.script}</script>` : ""}
</body>
</html>`;
}

/** The four card inputs hosted forms post (checkout, portal): plain, labelled, no JS needed. */
export function cardInputs(): string {
  return `<label for="card_number">Card number</label>
<input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required>
<div class="row">
<div><label for="exp_month">Expiry month</label><input id="exp_month" name="exp_month" inputmode="numeric" autocomplete="cc-exp-month" placeholder="MM" maxlength="2" required></div>
<div><label for="exp_year">Expiry year</label><input id="exp_year" name="exp_year" inputmode="numeric" autocomplete="cc-exp-year" placeholder="YYYY" maxlength="4" required></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4" required></div>
</div>`;
}
