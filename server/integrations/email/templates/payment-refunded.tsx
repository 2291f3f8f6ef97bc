import { formatCents } from "../../../../contracts/money";
import type { EmailMessage } from "../mailer";
import { EmailDetails, EmailLayout, EmailText } from "./email-layout";
import { formatEmailDate, renderEmailMessage } from "./render-email-message";

export interface PaymentRefundedEmailProps {
  to: string;
  subscriberName: string;
  offeringTitle: string;
  creatorName: string | null;
  refundCents: number;
  /** What the refunded payment was, and when it was made. */
  paymentCents: number;
  paidAt: Date;
  refundedAt: Date;
}

function PaymentRefundedEmail(props: PaymentRefundedEmailProps) {
  const refund = formatCents(props.refundCents);
  const from = props.creatorName ?? props.offeringTitle;
  const isPartial = props.refundCents < props.paymentCents;
  const rows = [
    { label: "Amount refunded", value: refund },
    {
      label: "Original payment",
      value: `${formatCents(props.paymentCents)} on ${formatEmailDate(props.paidAt)}`,
    },
    { label: "Refunded on", value: formatEmailDate(props.refundedAt) },
    {
      label: "Subscription",
      value: props.creatorName
        ? `${props.offeringTitle} (${props.creatorName})`
        : props.offeringTitle,
    },
  ];
  return (
    <EmailLayout
      preview={`${from} refunded ${refund} to your card.`}
      heading={`Refund for ${props.offeringTitle}`}
    >
      <EmailText>Hi {props.subscriberName},</EmailText>
      <EmailText>
        {from} has refunded {isPartial ? "part of your payment" : "your payment"}: {refund} is on
        its way back to the card you paid with. Refunds usually show on your statement within 5 to
        10 business days.
      </EmailText>
      <EmailDetails rows={rows} />
      <EmailText>
        This does not change your subscription. If you have questions, reply to {from} directly.
      </EmailText>
    </EmailLayout>
  );
}

export function renderPaymentRefundedEmail(
  props: PaymentRefundedEmailProps,
): Promise<EmailMessage> {
  return renderEmailMessage({
    to: props.to,
    subject: `Refund of ${formatCents(props.refundCents)} for ${props.offeringTitle}`,
    element: <PaymentRefundedEmail {...props} />,
  });
}
