import type { EmailMessage } from "../mailer";
import { EmailButton, EmailLayout, EmailText } from "./email-layout";
import { renderEmailMessage } from "./render-email-message";

export interface EmailChangeRequestedEmailProps {
  /** The current address, which the subscription still belongs to. */
  to: string;
  offeringTitle: string;
  newEmail: string;
  undoUrl: string;
}

function EmailChangeRequestedEmail(props: EmailChangeRequestedEmailProps) {
  return (
    <EmailLayout
      preview={`Someone asked to move your ${props.offeringTitle} subscription to ${props.newEmail}.`}
      heading="A change of e-mail was asked for"
    >
      <EmailText>
        Someone with your manage link asked to change the e-mail address of your{" "}
        {props.offeringTitle} subscription from {props.to} to {props.newEmail}. Nothing changes
        until {props.newEmail} confirms it.
      </EmailText>
      <EmailText>
        If that wasn't you, undo it. Undoing also replaces your manage link, so the old one stops
        working, and we send the new one to this address.
      </EmailText>
      <EmailButton href={props.undoUrl}>Undo This Change</EmailButton>
    </EmailLayout>
  );
}

export function renderEmailChangeRequestedEmail(
  props: EmailChangeRequestedEmailProps,
): Promise<EmailMessage> {
  return renderEmailMessage({
    to: props.to,
    subject: `Change of e-mail asked for ${props.offeringTitle}`,
    element: <EmailChangeRequestedEmail {...props} />,
  });
}
