import { formatCents } from "../../../../contracts/money";
import type { EmailMessage } from "../mailer";
import {
  CreatorNoticeFooter,
  EmailButton,
  EmailDetails,
  EmailLayout,
  EmailText,
} from "./email-layout";
import { formatEmailDate, renderEmailMessage } from "./render-email-message";

export interface CreatorPaymentFailedEmailProps {
  to: string;
  businessName: string;
  subscriberName: string;
  subscriberEmail: string;
  offeringTitle: string;
  amountCents: number;
  nextAttemptAt: Date | null;
  dashboardUrl: string;
  settingsUrl: string;
}

function CreatorPaymentFailedEmail(props: CreatorPaymentFailedEmailProps) {
  const amount = formatCents(props.amountCents);
  return (
    <EmailLayout
      preview={`We couldn't charge ${props.subscriberName} ${amount} for ${props.offeringTitle}.`}
      heading="A payment failed"
      footer={<CreatorNoticeFooter settingsUrl={props.settingsUrl} />}
    >
      <EmailText>Hi {props.businessName},</EmailText>
      <EmailText>
        We couldn't charge {props.subscriberName}'s card {amount} for {props.offeringTitle}. We've
        e-mailed them a link to update their card.
      </EmailText>
      {props.nextAttemptAt ? (
        <EmailText>We'll try again on {formatEmailDate(props.nextAttemptAt)}.</EmailText>
      ) : null}
      <EmailDetails
        rows={[
          { label: "Subscriber", value: props.subscriberName },
          { label: "E-mail", value: props.subscriberEmail },
          { label: "Offering", value: props.offeringTitle },
          { label: "Amount", value: amount },
        ]}
      />
      <EmailButton href={props.dashboardUrl}>Open your dashboard</EmailButton>
    </EmailLayout>
  );
}

export function renderCreatorPaymentFailedEmail(
  props: CreatorPaymentFailedEmailProps,
): Promise<EmailMessage> {
  return renderEmailMessage({
    to: props.to,
    subject: `Payment failed: ${props.subscriberName} (${props.offeringTitle})`,
    element: <CreatorPaymentFailedEmail {...props} />,
  });
}
