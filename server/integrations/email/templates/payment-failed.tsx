import { formatCents } from "../../../../contracts/money";
import type { EmailMessage } from "../mailer";
import { EmailButton, EmailLayout, EmailText, PrivateLinkWarning } from "./email-layout";
import { formatEmailDate, renderEmailMessage } from "./render-email-message";

export interface PaymentFailedEmailProps {
  to: string;
  subscriberName: string;
  offeringTitle: string;
  amountCents: number;
  nextAttemptAt: Date | null;
  updateCardUrl: string;
}

function PaymentFailedEmail(props: PaymentFailedEmailProps) {
  const amount = formatCents(props.amountCents);
  return (
    <EmailLayout
      preview={`We couldn't charge your card ${amount} for ${props.offeringTitle}.`}
      heading="Your payment failed"
    >
      <EmailText>Hi {props.subscriberName},</EmailText>
      <EmailText>
        We couldn't charge your card {amount} for your {props.offeringTitle} subscription.
      </EmailText>
      <EmailText>
        {props.nextAttemptAt
          ? `We'll try again on ${formatEmailDate(props.nextAttemptAt)}. Update your card before then to keep your subscription.`
          : "Update your card to keep your subscription."}
      </EmailText>
      <EmailButton href={props.updateCardUrl}>Update your card</EmailButton>
      <PrivateLinkWarning />
    </EmailLayout>
  );
}

export function renderPaymentFailedEmail(props: PaymentFailedEmailProps): Promise<EmailMessage> {
  return renderEmailMessage({
    to: props.to,
    subject: `Your payment for ${props.offeringTitle} failed`,
    element: <PaymentFailedEmail {...props} />,
  });
}
