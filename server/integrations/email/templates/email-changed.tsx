import type { EmailMessage } from "../mailer";
import { EmailButton, EmailLayout, EmailText, PrivateLinkWarning } from "./email-layout";
import { renderEmailMessage } from "./render-email-message";

export interface EmailChangedEmailProps {
  to: string;
  /** The old address gets a notice; the new one a confirmation with the manage link. */
  recipient: "old" | "new";
  offeringTitle: string;
  oldEmail: string;
  newEmail: string;
  /** Only for the new address: the old one may no longer belong to the subscriber. */
  manageUrl: string | null;
}

function EmailChangedEmail(props: EmailChangedEmailProps) {
  if (props.recipient === "old") {
    return (
      <EmailLayout
        preview={`Receipts for ${props.offeringTitle} now go to ${props.newEmail}.`}
        heading="Your e-mail was changed"
      >
        <EmailText>
          The e-mail address for your {props.offeringTitle} subscription was changed from{" "}
          {props.oldEmail} to {props.newEmail}. Receipts and notices now go to {props.newEmail}.
        </EmailText>
        <EmailText>If you didn't make this change, reply to this e-mail.</EmailText>
      </EmailLayout>
    );
  }
  return (
    <EmailLayout
      preview={`Receipts for ${props.offeringTitle} now come to this address.`}
      heading="Your e-mail was changed"
    >
      <EmailText>
        The e-mail address for your {props.offeringTitle} subscription is now {props.newEmail} (it
        was {props.oldEmail}). Receipts and notices will come here from now on.
      </EmailText>
      {props.manageUrl ? (
        <>
          <EmailButton href={props.manageUrl}>Manage your subscription</EmailButton>
          <PrivateLinkWarning />
        </>
      ) : null}
    </EmailLayout>
  );
}

export function renderEmailChangedEmail(props: EmailChangedEmailProps): Promise<EmailMessage> {
  return renderEmailMessage({
    to: props.to,
    subject: `Your e-mail for ${props.offeringTitle} was changed`,
    element: <EmailChangedEmail {...props} />,
  });
}
