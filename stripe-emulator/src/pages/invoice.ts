import { escapeHtml, formatDate, formatMoney, layout } from "./html";

// The hosted invoice page (an invoice's hosted_invoice_url) and its PDF (invoice_pdf): the
// same facts, as HTML and as a one-page PDF built by hand.

export interface InvoiceView {
  businessName: string;
  number: string | null;
  date: number;
  customerName: string | null;
  customerEmail: string | null;
  lines: Array<{ description: string; amount: number }>;
  discounts: Array<{ name: string; amount: number }>;
  total: number;
  amountPaid: number;
  status: string;
  currency: string;
  /** The card that paid it, when it is paid by card. */
  card: { brand: string; last4: string } | null;
}

const STATUS_LABELS: Record<string, string> = {
  paid: "Paid",
  void: "Void",
  open: "Open",
  draft: "Draft",
  uncollectible: "Uncollectible",
};

const statusLabel = (status: string) => STATUS_LABELS[status] ?? status;
const brandLabel = (brand: string) => brand.charAt(0).toUpperCase() + brand.slice(1);

/** The facts both forms show, label and value, in order. */
function summaryOf(view: InvoiceView): Array<[string, string]> {
  const money = (amount: number) => formatMoney(amount, view.currency);
  return [
    ...view.discounts.map((d): [string, string] => [`Discount: ${d.name}`, money(-d.amount)]),
    ["Total", money(view.total)],
    ["Amount paid", money(view.amountPaid)],
    ["Status", statusLabel(view.status)],
    ...(view.card
      ? [
          ["Paid with", `${brandLabel(view.card.brand)} ending in ${view.card.last4}`] as [
            string,
            string,
          ],
        ]
      : []),
  ];
}

const headOf = (view: InvoiceView) => ({
  title: `Invoice ${view.number ?? "(draft)"}`,
  billedTo: [view.customerName, view.customerEmail].filter(Boolean).join(" - "),
});

const INVOICE_CSS = `.meta{font-size:14px;margin:0 0 4px}.total td{font-weight:700}`;

export function renderInvoicePage(view: InvoiceView): string {
  const head = headOf(view);
  const row = (label: string, value: string) =>
    `<tr><td>${escapeHtml(label)}</td><td class="num">${escapeHtml(value)}</td></tr>`;
  const lines = view.lines
    .map((line) => row(line.description, formatMoney(line.amount, view.currency)))
    .join("");
  const summary = summaryOf(view)
    .map(([label, value]) => row(label, value))
    .join("");
  return layout({
    title: `${head.title} - ${view.businessName}`,
    css: INVOICE_CSS,
    width: 640,
    body: `<div class="card">
<p class="meta"><strong>${escapeHtml(view.businessName)}</strong></p>
<h1>${escapeHtml(head.title)}</h1>
<p class="meta">Date: ${escapeHtml(formatDate(view.date))}</p>
<p class="meta">Billed to: ${escapeHtml(head.billedTo)}</p>
<h2>Items</h2>
<table><thead><tr><th>Description</th><th class="num">Amount</th></tr></thead>
<tbody>${lines}</tbody></table>
<h2>Summary</h2>
<table><tbody>${summary}</tbody></table>
</div>`,
  });
}

/**
 * A string for a PDF text operator: WinAnsi covers Latin-1 (so "×" prints), anything else
 * becomes "?"; backslashes and parentheses are escaped.
 */
function pdfText(value: string): string {
  return value.replace(/[^\x20-\x7e\xa0-\xff]/g, "?").replace(/[\\()]/g, (c) => `\\${c}`);
}

/** A one-page A4 PDF of the invoice, Helvetica, one fact a line. */
export function renderInvoicePdf(view: InvoiceView): Buffer {
  const head = headOf(view);
  const text = [
    view.businessName,
    head.title,
    `Date: ${formatDate(view.date)}`,
    `Billed to: ${head.billedTo}`,
    "",
    ...view.lines.map((l) => `${l.description}   ${formatMoney(l.amount, view.currency)}`),
    "",
    ...summaryOf(view).map(([label, value]) => `${label}: ${value}`),
  ];
  const content = `BT /F1 11 Tf 14 TL 50 790 Td ${text.map((t) => `(${pdfText(t)}) '`).join(" ")} ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = "%PDF-1.4\n";
  const offsets = objects.map((body, i) => {
    const at = Buffer.byteLength(pdf, "latin1");
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = Buffer.byteLength(pdf, "latin1");
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((at) => `${String(at).padStart(10, "0")} 00000 n \n`).join("");
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}
