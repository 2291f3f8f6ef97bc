import type { EmailMessage } from "../mailer";
import { EmailButton, EmailLayout, EmailLink, EmailText } from "./email-layout";
import { renderEmailMessage } from "./render-email-message";

export interface AccountExistsEmailProps {
  to: string;
  signInUrl: string;
  resetUrl: string;
}

/** Sent instead of a second account, so sign-up never tells a stranger which addresses exist. */
function AccountExistsEmail(props: AccountExistsEmailProps) {
  return (
    <EmailLayout
      preview="You already have a Regulars account with this e-mail."
      heading="You already have an account"
    >
      <EmailText>
        Someone just tried to create a Regulars account with {props.to}. You already have an account
        with this address, so we didn't create another one.
      </EmailText>
      <EmailText>If it was you, sign in instead:</EmailText>
      <EmailButton href={props.signInUrl}>Sign in to Regulars</EmailButton>
      <EmailText>
        Forgot your password? <EmailLink href={props.resetUrl}>Reset your password</EmailLink>
      </EmailText>
      <EmailText tone="muted">
        If it wasn't you, ignore this e-mail; your account hasn't changed.
      </EmailText>
    </EmailLayout>
  );
}

export function renderAccountExistsEmail(props: AccountExistsEmailProps): Promise<EmailMessage> {
  return renderEmailMessage({
    to: props.to,
    subject: "Someone tried to create a Regulars account with your e-mail",
    element: <AccountExistsEmail {...props} />,
  });
}
