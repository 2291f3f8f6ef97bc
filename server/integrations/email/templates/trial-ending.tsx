import { type Cadence, formatCadencePrice } from "../../../../contracts/cadence";
import type { EmailMessage } from "../mailer";
import {
  EmailButton,
  EmailDetails,
  EmailLayout,
  EmailText,
  PrivateLinkWarning,
} from "./email-layout";
import { formatEmailDate, renderEmailMessage } from "./render-email-message";

export interface TrialEndingEmailProps {
  to: string;
  subscriberName: string;
  offeringTitle: string;
  creatorName: string | null;
  /** What the first charge will be (the subscriber's own price). */
  priceCents: number;
  cadence: Cadence;
  /** When the trial ends and the first charge is made. */
  chargeAt: Date;
  manageUrl: string;
}

/** Sent three days before a free trial's first charge (Stripe's trial_will_end). */
function TrialEndingEmail(props: TrialEndingEmailProps) {
  const price = formatCadencePrice(props.priceCents, props.cadence);
  const date = formatEmailDate(props.chargeAt);
  const subscription = props.creatorName
    ? `${props.offeringTitle} (${props.creatorName})`
    : props.offeringTitle;
  return (
    <EmailLayout
      preview={`Your free trial of ${props.offeringTitle} ends on ${date}.`}
      heading={`Your free trial ends on ${date}`}
    >
      <EmailText>Hi {props.subscriberName},</EmailText>
      <EmailText>
        Your free trial of {props.offeringTitle} ends on {date}. Your card will then be charged{" "}
        {price}, unless you cancel before then. Cancelling during the trial costs nothing.
      </EmailText>
      <EmailDetails
        rows={[
          { label: "First charge", value: price },
          { label: "Date", value: date },
          { label: "Subscription", value: subscription },
        ]}
      />
      <EmailButton href={props.manageUrl}>Manage your subscription</EmailButton>
      <PrivateLinkWarning />
    </EmailLayout>
  );
}

export function renderTrialEndingEmail(props: TrialEndingEmailProps): Promise<EmailMessage> {
  return renderEmailMessage({
    to: props.to,
    subject: `Your free trial of ${props.offeringTitle} ends on ${formatEmailDate(props.chargeAt)}`,
    element: <TrialEndingEmail {...props} />,
  });
}
