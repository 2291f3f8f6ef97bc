import type { EmailMessage } from "../mailer";
import { EmailButton, EmailLayout, EmailText } from "./email-layout";
import { renderEmailMessage } from "./render-email-message";

export interface PasswordResetEmailProps {
  to: string;
  resetUrl: string;
}

function PasswordResetEmail(props: PasswordResetEmailProps) {
  return (
    <EmailLayout preview="Choose a new password for Regulars." heading="Reset your password">
      <EmailText>
        Someone asked to reset the password for the Regulars account {props.to}.
      </EmailText>
      <EmailButton href={props.resetUrl}>Choose a new password</EmailButton>
      <EmailText tone="muted">
        The link works once and expires in 1 hour. If you didn't ask, ignore this e-mail; your
        password stays the same.
      </EmailText>
    </EmailLayout>
  );
}

export function renderPasswordResetEmail(props: PasswordResetEmailProps): Promise<EmailMessage> {
  return renderEmailMessage({
    to: props.to,
    subject: "Reset your Regulars password",
    element: <PasswordResetEmail {...props} />,
  });
}
