import type { EmailMessage } from "../mailer";
import { EmailButton, EmailLayout, EmailText, PrivateLinkWarning } from "./email-layout";
import { renderEmailMessage } from "./render-email-message";

export interface ManageLinkReplacedEmailProps {
  to: string;
  offeringTitle: string;
  manageUrl: string;
  /** Asked for on the self-service page, or the result of undoing an e-mail change. */
  reason: "asked" | "undo";
}

function ManageLinkReplacedEmail(props: ManageLinkReplacedEmailProps) {
  return (
    <EmailLayout
      preview={`The new link to manage your ${props.offeringTitle} subscription.`}
      heading="Your new manage link"
    >
      <EmailText>
        {props.reason === "undo"
          ? `The e-mail change for your ${props.offeringTitle} subscription was undone, and your manage link was replaced. The e-mail address is still ${props.to}.`
          : `A new link to manage your ${props.offeringTitle} subscription was asked for on its self-service page.`}{" "}
        The old link no longer works; use this one from now on.
      </EmailText>
      <EmailButton href={props.manageUrl}>Manage your subscription</EmailButton>
      <PrivateLinkWarning />
    </EmailLayout>
  );
}

export function renderManageLinkReplacedEmail(
  props: ManageLinkReplacedEmailProps,
): Promise<EmailMessage> {
  return renderEmailMessage({
    to: props.to,
    subject: `Your new link for ${props.offeringTitle}`,
    element: <ManageLinkReplacedEmail {...props} />,
  });
}
