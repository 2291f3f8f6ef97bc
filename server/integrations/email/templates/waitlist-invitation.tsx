import type { EmailMessage } from "../mailer";
import { EmailButton, EmailLayout, EmailText } from "./email-layout";
import { renderEmailMessage } from "./render-email-message";

export interface WaitlistInvitationEmailProps {
  to: string;
  name: string;
  offeringTitle: string;
  /** The landing page with the invitation's secret in its fragment. */
  inviteUrl: string;
  /** Until when the spot is held (the billing clock). */
  expiresAt: Date;
}

const heldUntil = (date: Date) =>
  date.toLocaleString("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  });

function WaitlistInvitationEmail(props: WaitlistInvitationEmailProps) {
  return (
    <EmailLayout
      preview={`A spot opened in ${props.offeringTitle}: it's held for you until ${heldUntil(props.expiresAt)}.`}
      heading="A spot opened for you"
    >
      <EmailText>Hi {props.name},</EmailText>
      <EmailText>
        A spot opened in {props.offeringTitle}, and you're next on the waitlist. We're holding it
        for you until {heldUntil(props.expiresAt)}.
      </EmailText>
      <EmailButton href={props.inviteUrl}>Claim your spot</EmailButton>
      <EmailText tone="muted">
        If you don't subscribe by then, the spot goes to the next person waiting. This link is yours
        alone: please don't share it.
      </EmailText>
    </EmailLayout>
  );
}

export function renderWaitlistInvitationEmail(
  props: WaitlistInvitationEmailProps,
): Promise<EmailMessage> {
  return renderEmailMessage({
    to: props.to,
    subject: `A spot opened in ${props.offeringTitle}`,
    element: <WaitlistInvitationEmail {...props} />,
  });
}
