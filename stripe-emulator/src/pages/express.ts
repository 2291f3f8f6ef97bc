import { escapeHtml, formatDate, formatMoney, layout } from "./html";

interface Movement {
  id: string;
  amount: number;
  created: number;
}

function movementTable(caption: string, rows: Movement[], emptyText: string): string {
  if (rows.length === 0) return `<p class="empty">${escapeHtml(emptyText)}</p>`;
  const body = rows
    .map(
      (row) =>
        `<tr><td>${escapeHtml(formatDate(row.created))}</td><td>${escapeHtml(row.id)}</td><td class="num">${escapeHtml(formatMoney(row.amount))}</td></tr>`,
    )
    .join("");
  return `<table><caption class="sr-only">${escapeHtml(caption)}</caption>
<thead><tr><th scope="col">Date</th><th scope="col">ID</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>${body}</tbody></table>`;
}

/** Stands in for the Express dashboard a login link opens: balance, payouts, money in. */
export function renderExpressDashboardPage(p: {
  accountId: string;
  email: string | null;
  available: number;
  pending: number;
  applicationFees: Array<{ id: string; amount: number; created: number }>;
  transfers: Array<{ id: string; amount: number; created: number }>;
  payoutSchedule: string;
}): string {
  const schedule = p.payoutSchedule.charAt(0).toUpperCase() + p.payoutSchedule.slice(1);
  const body = `<div class="card">
<h1>Express dashboard</h1>
<p>${escapeHtml(p.email ?? p.accountId)}</p>
<div class="row balances">
<div><p>Available</p><div class="amount">${escapeHtml(formatMoney(p.available))}</div></div>
<div><p>Pending</p><div class="amount">${escapeHtml(formatMoney(p.pending))}</div></div>
</div>
<h2>Payouts</h2>
<p>Schedule: <strong>${escapeHtml(schedule)}</strong> to your bank account.</p>
<h2>Payments received</h2>
${movementTable("Payments received", p.transfers, "No payments yet.")}
<h2>Platform fees</h2>
${movementTable("Platform fees", p.applicationFees, "No platform fees yet.")}
</div>`;
  return layout({
    title: "Express dashboard",
    body,
    width: 640,
    css: ".balances p{margin:0}.balances>div{padding:12px 0}",
  });
}
