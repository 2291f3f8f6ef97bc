import { formatMonthlyPrice } from "../../../contracts/money";
import type { EmailMessage } from "../../integrations/email/mailer";

function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

/** Sent once, when the subscriber row is first written: the page promises it. */
export function confirmationEmail(input: {
  to: string;
  subscriberName: string;
  offeringTitle: string;
  priceCents: number;
  manageUrl: string;
}): EmailMessage {
  const price = formatMonthlyPrice(input.priceCents);
  const text = [
    `Hi ${input.subscriberName},`,
    "",
    `Welcome to ${input.offeringTitle}! Your subscription is now active at ${price}.`,
    "",
    "Manage your subscription (change your e-mail, update your card or cancel) here:",
    input.manageUrl,
    "",
    "Keep this link private: anyone who has it can manage your subscription.",
  ].join("\n");
  const html = `<p>Hi ${escapeHtml(input.subscriberName)},</p>
<p>Welcome to <strong>${escapeHtml(input.offeringTitle)}</strong>! Your subscription is now active at ${escapeHtml(price)}.</p>
<p><a href="${escapeHtml(input.manageUrl)}">Manage your subscription</a>: change your e-mail, update your card or cancel.</p>
<p style="color:#555">Keep this link private: anyone who has it can manage your subscription.</p>`;
  return { to: input.to, subject: `Welcome to ${input.offeringTitle}`, text, html };
}
