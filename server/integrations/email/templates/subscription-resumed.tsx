import { type Cadence, formatCadencePrice } from "../../../../contracts/cadence";
import type { EmailMessage } from "../mailer";
import { EmailText } from "./email-layout";
import { formatEmailDate, renderEmailMessage } from "./render-email-message";
import { CustomerChangeEmail, nextChargeSentence } from "./subscription-change-parts";

export interface SubscriptionResumedEmailProps {
  to: string;
  subscriberName: string;
  offeringTitle: string;
  priceCents: number;
  cadence: Cadence;
  nextChargeAt: Date | null;
  /**
   * uncancelled: a scheduled end undone. pause_ended: the customer ended a pause early.
   * pause_ending_soon: Stripe's pause ran out, a few days before the first charge after it.
   */
  reason: "uncancelled" | "pause_ended" | "pause_ending_soon";
  manageUrl: string;
}

interface Wording {
  subject: string;
  heading: string;
  /** What happened, before the next charge. */
  lead: string;
  /** The last line, before the button. */
  closing: string;
}

function wordingFor(props: SubscriptionResumedEmailProps): Wording {
  const title = props.offeringTitle;
  const date = props.nextChargeAt ? formatEmailDate(props.nextChargeAt) : null;
  switch (props.reason) {
    case "uncancelled":
      return {
        subject: `Your ${title} subscription will continue`,
        heading: "Your subscription will continue",
        lead: `Your ${title} subscription is no longer set to end.`,
        closing: "You can change or cancel it any time from your subscription page.",
      };
    case "pause_ended":
      return {
        subject: `Your ${title} subscription is active again`,
        heading: "Your subscription is active again",
        lead: `You ended your pause: your ${title} subscription is active again.`,
        closing: "You can pause it again or cancel it any time from your subscription page.",
      };
    case "pause_ending_soon":
      return {
        subject: date
          ? `Your ${title} subscription resumes on ${date}`
          : `Your ${title} subscription resumes soon`,
        heading: date ? `Your subscription resumes on ${date}` : "Your subscription resumes soon",
        lead: `Your pause of ${title} is ending.`,
        closing: "Need more time? You can pause again or cancel before then.",
      };
  }
}

/** The charge after a pause, said as the reminder it is: when the card is charged, and how much. */
function pauseEndingCharge(props: SubscriptionResumedEmailProps): string {
  if (props.priceCents === 0) return "Your pause ends: it's free, so you won't be charged.";
  const price = formatCadencePrice(props.priceCents, props.cadence);
  return props.nextChargeAt
    ? `Your pause ends: your card will be charged ${price} on ${formatEmailDate(props.nextChargeAt)}.`
    : `Your pause ends: your card will be charged ${price} at the next renewal.`;
}

function SubscriptionResumedEmail(props: SubscriptionResumedEmailProps) {
  const wording = wordingFor(props);
  const charge =
    props.reason === "pause_ending_soon"
      ? pauseEndingCharge(props)
      : nextChargeSentence(props.priceCents, props.cadence, props.nextChargeAt);
  return (
    <CustomerChangeEmail
      preview={`${wording.lead} ${charge}`}
      heading={wording.heading}
      subscriberName={props.subscriberName}
      action="Manage your subscription"
      manageUrl={props.manageUrl}
    >
      <EmailText>{wording.lead}</EmailText>
      <EmailText>{charge}</EmailText>
      <EmailText>{wording.closing}</EmailText>
    </CustomerChangeEmail>
  );
}

export function renderSubscriptionResumedEmail(
  props: SubscriptionResumedEmailProps,
): Promise<EmailMessage> {
  return renderEmailMessage({
    to: props.to,
    subject: wordingFor(props).subject,
    element: <SubscriptionResumedEmail {...props} />,
  });
}
