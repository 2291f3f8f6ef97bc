import type { EmailMessage } from "../mailer";
import { EmailDetails, EmailText } from "./email-layout";
import { formatEmailDate, renderEmailMessage } from "./render-email-message";
import { CustomerChangeEmail } from "./subscription-change-parts";

export interface CancelScheduledEmailProps {
  to: string;
  subscriberName: string;
  offeringTitle: string;
  /** The end of the paid period, when the subscription ends (Stripe's cancel_at_period_end). */
  endsAt: Date;
  cancelledBy: "customer" | "creator";
  manageUrl: string;
}

function describeCause(props: CancelScheduledEmailProps, date: string): string {
  return props.cancelledBy === "customer"
    ? `You set your ${props.offeringTitle} subscription to end on ${date}.`
    : `The business set your ${props.offeringTitle} subscription to end on ${date}.`;
}

/** Sent when a subscription is set to end at the period's end; it can still be resumed. */
function CancelScheduledEmail(props: CancelScheduledEmailProps) {
  const date = formatEmailDate(props.endsAt);
  return (
    <CustomerChangeEmail
      preview={describeCause(props, date)}
      heading={`Your subscription ends on ${date}`}
      subscriberName={props.subscriberName}
      action="Resume subscription"
      manageUrl={props.manageUrl}
    >
      <EmailText>{describeCause(props, date)}</EmailText>
      <EmailText>
        It stays active until then, and you won't be charged again. You can resume any time before{" "}
        {date}.
      </EmailText>
      <EmailDetails
        rows={[
          { label: "Subscription", value: props.offeringTitle },
          { label: "Ends on", value: date },
          { label: "Further charges", value: "None" },
        ]}
      />
    </CustomerChangeEmail>
  );
}

export function renderCancelScheduledEmail(
  props: CancelScheduledEmailProps,
): Promise<EmailMessage> {
  return renderEmailMessage({
    to: props.to,
    subject: `Your ${props.offeringTitle} subscription ends on ${formatEmailDate(props.endsAt)}`,
    element: <CancelScheduledEmail {...props} />,
  });
}
