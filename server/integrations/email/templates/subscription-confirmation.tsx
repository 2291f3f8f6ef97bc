import { type Cadence, formatCadencePrice } from "../../../../contracts/cadence";
import type { EmailMessage } from "../mailer";
import { EmailButton, EmailLayout, EmailText, Money, PrivateLinkWarning } from "./email-layout";
import { renderEmailMessage } from "./render-email-message";

export interface SubscriptionConfirmationEmailProps {
  to: string;
  subscriberName: string;
  offeringTitle: string;
  creatorName: string | null;
  priceCents: number;
  /** The subscriber's own cadence: what they pay, not what the offering sells today. */
  cadence: Cadence;
  manageUrl: string;
}

function SubscriptionConfirmationEmail(props: SubscriptionConfirmationEmailProps) {
  const isFree = props.priceCents === 0;
  return (
    <EmailLayout
      preview={`Your ${props.offeringTitle} subscription is active.`}
      heading={`Welcome to ${props.offeringTitle}`}
    >
      <EmailText>Hi {props.subscriberName},</EmailText>
      <EmailText>
        Thanks for subscribing to {props.offeringTitle}
        {props.creatorName ? ` from ${props.creatorName}` : ""}.{" "}
        {isFree ? (
          "Your subscription is now active, and it's free: you won't be charged."
        ) : (
          <>
            Your subscription is now active at{" "}
            <Money>{formatCadencePrice(props.priceCents, props.cadence)}</Money>.
          </>
        )}
      </EmailText>
      <EmailText>
        {isFree
          ? "Change your e-mail or cancel at any time:"
          : "Change your e-mail, update your card or cancel at any time:"}
      </EmailText>
      <EmailButton href={props.manageUrl}>Manage your subscription</EmailButton>
      <PrivateLinkWarning />
    </EmailLayout>
  );
}

export function renderSubscriptionConfirmationEmail(
  props: SubscriptionConfirmationEmailProps,
): Promise<EmailMessage> {
  return renderEmailMessage({
    to: props.to,
    subject: `Welcome to ${props.offeringTitle}`,
    element: <SubscriptionConfirmationEmail {...props} />,
  });
}
