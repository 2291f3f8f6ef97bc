import { alertBox, escapeHtml, layout } from "./html";

/**
 * Stands in for Stripe's hosted Express onboarding (the account link url): one short form
 * whose submission the emulator turns into satisfied requirements.
 */
export function renderOnboardingPage(p: {
  accountId: string;
  email: string | null;
  action: string;
  error?: string;
}): string {
  const who = p.email ?? p.accountId;
  const body = `<div class="card">
<h1>Set up payouts</h1>
<p>Tell us about your business and where to send your money. Account <strong>${escapeHtml(who)}</strong>.</p>
${alertBox("error", p.error)}
<form method="post" action="${escapeHtml(p.action)}" enctype="application/x-www-form-urlencoded">
<h2>Business details</h2>
<label for="business_name">Business name</label>
<input id="business_name" name="business_name" autocomplete="organization" required>
<div class="row">
<div><label for="first_name">First name</label><input id="first_name" name="first_name" autocomplete="given-name" required></div>
<div><label for="last_name">Last name</label><input id="last_name" name="last_name" autocomplete="family-name" required></div>
</div>
<h2>Bank account for payouts</h2>
<label for="routing_number">Routing number</label>
<input id="routing_number" name="routing_number" inputmode="numeric" value="110000000" required>
<label for="account_number">Account number</label>
<input id="account_number" name="account_number" inputmode="numeric" value="000123456789" required>
<button type="submit">Submit and finish onboarding</button>
</form>
<p class="note">This page simulates Stripe's hosted onboarding. The test routing and account numbers are prefilled; nothing is sent to a bank.</p>
</div>`;
  return layout({ title: "Set up payouts · Stripe Express", body });
}
