import type { EmailMessage } from "../mailer";
import { EmailButton, EmailLayout, EmailText } from "./email-layout";
import { renderEmailMessage } from "./render-email-message";

export interface VerifyEmailEmailProps {
  to: string;
  verifyUrl: string;
}

function VerifyEmailEmail(props: VerifyEmailEmailProps) {
  return (
    <EmailLayout preview="Confirm your e-mail address for Regulars." heading="Verify your e-mail">
      <EmailText>
        Confirm that {props.to} is your e-mail address to finish setting up your Regulars account.
      </EmailText>
      <EmailButton href={props.verifyUrl}>Verify your e-mail</EmailButton>
      <EmailText tone="muted">
        If you didn't create a Regulars account, ignore this e-mail.
      </EmailText>
    </EmailLayout>
  );
}

export function renderVerifyEmailEmail(props: VerifyEmailEmailProps): Promise<EmailMessage> {
  return renderEmailMessage({
    to: props.to,
    subject: "Verify your e-mail for Regulars",
    element: <VerifyEmailEmail {...props} />,
  });
}
