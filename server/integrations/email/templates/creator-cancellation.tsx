import type { EmailMessage } from "../mailer";
import {
  CreatorNoticeFooter,
  EmailButton,
  EmailDetails,
  EmailLayout,
  EmailText,
} from "./email-layout";
import { formatEmailDate, renderEmailMessage } from "./render-email-message";
import type { CancelledBy } from "./subscription-cancelled";

export interface CreatorCancellationEmailProps {
  to: string;
  businessName: string;
  subscriberName: string;
  subscriberEmail: string;
  offeringTitle: string;
  cancelledBy: CancelledBy;
  /** When the subscriber's access ends; null (or a past date) when it already has. */
  endsAt: Date | null;
  dashboardUrl: string;
  settingsUrl: string;
}

function subjectFor(props: CreatorCancellationEmailProps): string {
  switch (props.cancelledBy) {
    case "customer":
      return `${props.subscriberName} cancelled ${props.offeringTitle}`;
    case "creator":
      return `You cancelled ${props.subscriberName}'s ${props.offeringTitle} subscription`;
    case "failed_payments":
      return `${props.subscriberName}'s ${props.offeringTitle} subscription ended after failed payments`;
  }
}

function describeCause(props: CreatorCancellationEmailProps): string {
  switch (props.cancelledBy) {
    case "customer":
      return `${props.subscriberName} cancelled their ${props.offeringTitle} subscription.`;
    case "creator":
      return `You cancelled ${props.subscriberName}'s ${props.offeringTitle} subscription.`;
    case "failed_payments":
      return `${props.subscriberName}'s ${props.offeringTitle} subscription was cancelled after repeated failed payments.`;
  }
}

function CreatorCancellationEmail(props: CreatorCancellationEmailProps) {
  const hasAccessLeft = props.endsAt !== null && props.endsAt.getTime() > Date.now();
  return (
    <EmailLayout
      preview={describeCause(props)}
      heading="A subscription was cancelled"
      footer={<CreatorNoticeFooter settingsUrl={props.settingsUrl} />}
    >
      <EmailText>Hi {props.businessName},</EmailText>
      <EmailText>{describeCause(props)}</EmailText>
      <EmailText>
        {hasAccessLeft && props.endsAt
          ? `They keep access until ${formatEmailDate(props.endsAt)} and won't be charged again.`
          : "Their subscription has ended and they won't be charged again."}
      </EmailText>
      <EmailDetails
        rows={[
          { label: "Subscriber", value: props.subscriberName },
          { label: "E-mail", value: props.subscriberEmail },
          { label: "Offering", value: props.offeringTitle },
        ]}
      />
      <EmailButton href={props.dashboardUrl}>Open your dashboard</EmailButton>
    </EmailLayout>
  );
}

export function renderCreatorCancellationEmail(
  props: CreatorCancellationEmailProps,
): Promise<EmailMessage> {
  return renderEmailMessage({
    to: props.to,
    subject: subjectFor(props),
    element: <CreatorCancellationEmail {...props} />,
  });
}
