import { formatCents } from "../../../../contracts/money";
import type { EmailMessage } from "../mailer";
import { EmailButton, EmailDetails, EmailLayout, EmailText } from "./email-layout";
import { formatEmailDate, renderEmailMessage } from "./render-email-message";

// The creator's own plan with the platform (issue 23): a failed monthly charge, and the end of
// the paid plan. Always sent: they are about the creator's bill, not notifications to opt out of.

export interface PlanPaymentFailedEmailProps {
  to: string;
  name: string;
  planName: string;
  amountCents: number;
  /** Stripe's next retry; null after the last one. */
  nextAttemptAt: Date | null;
  accountUrl: string;
}

function PlanPaymentFailedEmail(props: PlanPaymentFailedEmailProps) {
  const amount = formatCents(props.amountCents);
  return (
    <EmailLayout
      preview={`We couldn't charge ${amount} for your ${props.planName} plan.`}
      heading="Your plan payment failed"
    >
      <EmailText>Hi {props.name},</EmailText>
      <EmailText>
        We couldn't charge your card {amount} for your Regulars {props.planName} plan.
      </EmailText>
      {props.nextAttemptAt ? (
        <EmailText>
          We'll try again on {formatEmailDate(props.nextAttemptAt)}. Your plan and its lower fee
          stay in place meanwhile. If the last try fails, your account moves to the Free plan (15%
          fee).
        </EmailText>
      ) : (
        <EmailText>
          That was the last try: your plan ends now and your account moves to the Free plan (15% fee
          per payment).
        </EmailText>
      )}
      <EmailDetails
        rows={[
          { label: "Plan", value: props.planName },
          { label: "Amount", value: amount },
        ]}
      />
      <EmailButton href={props.accountUrl}>Open your plan</EmailButton>
    </EmailLayout>
  );
}

export function renderPlanPaymentFailedEmail(
  props: PlanPaymentFailedEmailProps,
): Promise<EmailMessage> {
  return renderEmailMessage({
    to: props.to,
    subject: `Payment failed for your ${props.planName} plan`,
    element: <PlanPaymentFailedEmail {...props} />,
  });
}

export interface PlanEndedEmailProps {
  to: string;
  name: string;
  planName: string;
  endedAt: Date;
  /** Ended because its charges kept failing, or because the creator chose Free. */
  reason: "payment_failed" | "cancelled";
  accountUrl: string;
}

function PlanEndedEmail(props: PlanEndedEmailProps) {
  return (
    <EmailLayout
      preview={`Your ${props.planName} plan has ended; you're on the Free plan.`}
      heading="You're on the Free plan"
    >
      <EmailText>Hi {props.name},</EmailText>
      <EmailText>
        {props.reason === "payment_failed"
          ? `We couldn't collect your ${props.planName} plan's payment after several tries, so it ended on ${formatEmailDate(props.endedAt)}.`
          : `Your ${props.planName} plan ended on ${formatEmailDate(props.endedAt)}, as you asked.`}{" "}
        From then on, payments to your business carry the Free plan's 15% platform fee.
      </EmailText>
      <EmailText>You can choose a paid plan again at any time.</EmailText>
      <EmailButton href={props.accountUrl}>Choose a plan</EmailButton>
    </EmailLayout>
  );
}

export function renderPlanEndedEmail(props: PlanEndedEmailProps): Promise<EmailMessage> {
  return renderEmailMessage({
    to: props.to,
    subject: `Your ${props.planName} plan has ended`,
    element: <PlanEndedEmail {...props} />,
  });
}
