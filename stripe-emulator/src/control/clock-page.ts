import type { Emulator } from "../core/context";
import { escapeHtml, layout } from "../pages/html";

/** The small /_emulator page: emulator time, an "advance" form and recent deliveries. */
export function renderClockPage(em: Emulator, message?: string): string {
  const now = new Date(em.store.now() * 1000);
  const recent = em.webhooks
    .recent(null, 10)
    .reverse()
    .map(
      (d) =>
        `<li><code>${escapeHtml(d.type)}</code> → ${escapeHtml(d.status)} (${d.attempts} attempt${d.attempts === 1 ? "" : "s"})</li>`,
    )
    .join("");
  return layout({
    title: "Stripe emulator",
    body: `<h1>Stripe emulator</h1>
${message ? `<p role="status">${escapeHtml(message)}</p>` : ""}
<p>Emulator time: <strong><time datetime="${now.toISOString()}">${escapeHtml(now.toUTCString())}</time></strong></p>
<p>Advancing runs renewals, failed-payment retries and expiries as they would happen over that time, and sends the webhooks.</p>
<form method="post" action="/_emulator/clock/advance">
<label for="days">Advance by days</label><input id="days" name="days" type="number" min="1" max="1095" value="31" required>
<button type="submit">Advance clock</button></form>
<h2>Recent webhooks</h2>${recent ? `<ul>${recent}</ul>` : "<p>None yet.</p>"}
<p><a href="/_emulator/webhooks">All deliveries (JSON)</a></p>`,
  });
}
