import type { EmailMessage } from "../mailer";
import { EmailLayout, EmailText } from "./email-layout";
import { formatEmailDate, renderEmailMessage } from "./render-email-message";

export interface SubscriptionClosedByBusinessEmailProps {
  to: string;
  subscriberName: string;
  offeringTitle: string;
  businessName: string;
  closedAt: Date;
}

/**
 * To each live subscriber of a business that deleted its Regulars account. It holds no manage
 * link: the subscription is gone, and the old link now says so.
 */
function SubscriptionClosedByBusinessEmail(props: SubscriptionClosedByBusinessEmailProps) {
  const cause = `${props.businessName} closed their Regulars account on ${formatEmailDate(props.closedAt)}, which ended your ${props.offeringTitle} subscription.`;
  return (
    <EmailLayout preview={cause} heading="Your subscription has ended">
      <EmailText>Hi {props.subscriberName},</EmailText>
      <EmailText>{cause}</EmailText>
      <EmailText>
        No further charges will be made, and there is nothing you need to do. To keep using their
        services, please contact {props.businessName} directly.
      </EmailText>
    </EmailLayout>
  );
}

export function renderSubscriptionClosedByBusinessEmail(
  props: SubscriptionClosedByBusinessEmailProps,
): Promise<EmailMessage> {
  return renderEmailMessage({
    to: props.to,
    subject: `Your ${props.offeringTitle} subscription has ended`,
    element: <SubscriptionClosedByBusinessEmail {...props} />,
  });
}
