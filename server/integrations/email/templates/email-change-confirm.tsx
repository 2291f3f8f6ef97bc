import { EMAIL_CHANGE_CONFIRM_HOURS } from "../../../../contracts/customer-portal";
import type { EmailMessage } from "../mailer";
import { EmailButton, EmailLayout, EmailText } from "./email-layout";
import { renderEmailMessage } from "./render-email-message";

export interface EmailChangeConfirmEmailProps {
  /** The new address, which has to confirm before anything changes. */
  to: string;
  offeringTitle: string;
  confirmUrl: string;
}

function EmailChangeConfirmEmail(props: EmailChangeConfirmEmailProps) {
  return (
    <EmailLayout
      preview={`Confirm this address for your ${props.offeringTitle} subscription.`}
      heading="Confirm your new e-mail"
    >
      <EmailText>
        Someone asked for this address, {props.to}, to receive the receipts and notices of a{" "}
        {props.offeringTitle} subscription. Nothing changes until you confirm it.
      </EmailText>
      <EmailButton href={props.confirmUrl}>Confirm E-mail Change</EmailButton>
      <EmailText tone="muted">
        The link works for {EMAIL_CHANGE_CONFIRM_HOURS} hours. If you didn't ask for this, ignore
        this e-mail: nothing will change and we won't write again about it.
      </EmailText>
    </EmailLayout>
  );
}

export function renderEmailChangeConfirmEmail(
  props: EmailChangeConfirmEmailProps,
): Promise<EmailMessage> {
  return renderEmailMessage({
    to: props.to,
    subject: `Confirm your new e-mail for ${props.offeringTitle}`,
    element: <EmailChangeConfirmEmail {...props} />,
  });
}
