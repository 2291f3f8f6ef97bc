import type { Cadence } from "../../../../contracts/cadence";
import type { EmailMessage } from "../mailer";
import { EmailText } from "./email-layout";
import { formatEmailDate, renderEmailMessage } from "./render-email-message";
import { CustomerChangeEmail, nextChargeSentence } from "./subscription-change-parts";

export interface SubscriptionPausedEmailProps {
  to: string;
  subscriberName: string;
  offeringTitle: string;
  /** The first charge after the pause; null for a pause with no end date. */
  until: Date | null;
  priceCents: number;
  cadence: Cadence;
  manageUrl: string;
}

function pausedLine(props: SubscriptionPausedEmailProps): string {
  return props.until
    ? `Your ${props.offeringTitle} subscription is paused until ${formatEmailDate(props.until)}.`
    : `Your ${props.offeringTitle} subscription is paused.`;
}

function SubscriptionPausedEmail(props: SubscriptionPausedEmailProps) {
  return (
    <CustomerChangeEmail
      preview={`${pausedLine(props)} Nothing is charged while it's paused.`}
      heading={
        props.until
          ? `Your subscription is paused until ${formatEmailDate(props.until)}`
          : "Your subscription is paused"
      }
      subscriberName={props.subscriberName}
      action="Resume now"
      manageUrl={props.manageUrl}
    >
      <EmailText>{pausedLine(props)} Nothing is charged while it's paused.</EmailText>
      <EmailText>
        {props.until
          ? `It resumes by itself. ${nextChargeSentence(props.priceCents, props.cadence, props.until)}`
          : "It stays paused until you resume it."}
      </EmailText>
      <EmailText>Back sooner? You can resume any time from your subscription page.</EmailText>
    </CustomerChangeEmail>
  );
}

export function renderSubscriptionPausedEmail(
  props: SubscriptionPausedEmailProps,
): Promise<EmailMessage> {
  const until = props.until ? ` until ${formatEmailDate(props.until)}` : "";
  return renderEmailMessage({
    to: props.to,
    subject: `Your ${props.offeringTitle} subscription is paused${until}`,
    element: <SubscriptionPausedEmail {...props} />,
  });
}
