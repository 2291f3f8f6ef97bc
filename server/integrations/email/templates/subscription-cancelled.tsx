import type { EmailMessage } from "../mailer";
import { EmailLayout, EmailText } from "./email-layout";
import { formatEmailDate, renderEmailMessage } from "./render-email-message";

export type CancelledBy = "customer" | "creator" | "failed_payments";

export interface SubscriptionCancelledEmailProps {
  to: string;
  subscriberName: string;
  offeringTitle: string;
  cancelledBy: CancelledBy;
  /** When access ends; null (or a past date) when it already has. */
  endsAt: Date | null;
}

function describeCause(cancelledBy: CancelledBy, offeringTitle: string): string {
  switch (cancelledBy) {
    case "customer":
      return `You cancelled your ${offeringTitle} subscription.`;
    case "creator":
      return `The business cancelled your ${offeringTitle} subscription.`;
    case "failed_payments":
      return `Your ${offeringTitle} subscription was cancelled after repeated failed payments.`;
  }
}

function SubscriptionCancelledEmail(props: SubscriptionCancelledEmailProps) {
  const hasAccessLeft = props.endsAt !== null && props.endsAt.getTime() > Date.now();
  return (
    <EmailLayout
      preview={describeCause(props.cancelledBy, props.offeringTitle)}
      heading="Your subscription is cancelled"
    >
      <EmailText>Hi {props.subscriberName},</EmailText>
      <EmailText>{describeCause(props.cancelledBy, props.offeringTitle)}</EmailText>
      <EmailText>
        {hasAccessLeft && props.endsAt
          ? `You keep access until ${formatEmailDate(props.endsAt)}; you won't be charged again.`
          : "It has ended; you won't be charged again."}
      </EmailText>
    </EmailLayout>
  );
}

export function renderSubscriptionCancelledEmail(
  props: SubscriptionCancelledEmailProps,
): Promise<EmailMessage> {
  return renderEmailMessage({
    to: props.to,
    subject: `Your ${props.offeringTitle} subscription is cancelled`,
    element: <SubscriptionCancelledEmail {...props} />,
  });
}
