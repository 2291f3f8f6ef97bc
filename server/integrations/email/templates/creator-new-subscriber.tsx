import { type Cadence, formatSubscriptionPrice } from "../../../../contracts/cadence";
import type { EmailMessage } from "../mailer";
import {
  CreatorNoticeFooter,
  EmailButton,
  EmailDetails,
  EmailLayout,
  EmailText,
} from "./email-layout";
import { renderEmailMessage } from "./render-email-message";

export interface CreatorNewSubscriberEmailProps {
  to: string;
  businessName: string;
  subscriberName: string;
  subscriberEmail: string;
  offeringTitle: string;
  priceCents: number;
  cadence: Cadence;
  dashboardUrl: string;
  settingsUrl: string;
}

function CreatorNewSubscriberEmail(props: CreatorNewSubscriberEmailProps) {
  const price = formatSubscriptionPrice(props.priceCents, props.cadence);
  return (
    <EmailLayout
      preview={`${props.subscriberName} subscribed to ${props.offeringTitle}.`}
      heading="You have a new subscriber"
      footer={<CreatorNoticeFooter settingsUrl={props.settingsUrl} />}
    >
      <EmailText>Good news for {props.businessName}:</EmailText>
      <EmailText>
        {props.subscriberName} just subscribed to {props.offeringTitle}.
      </EmailText>
      <EmailDetails
        rows={[
          { label: "Subscriber", value: props.subscriberName },
          { label: "E-mail", value: props.subscriberEmail },
          { label: "Offering", value: props.offeringTitle },
          { label: "Price", value: price },
        ]}
      />
      <EmailButton href={props.dashboardUrl}>Open your dashboard</EmailButton>
    </EmailLayout>
  );
}

export function renderCreatorNewSubscriberEmail(
  props: CreatorNewSubscriberEmailProps,
): Promise<EmailMessage> {
  return renderEmailMessage({
    to: props.to,
    subject: `New subscriber: ${props.subscriberName} joined ${props.offeringTitle}`,
    element: <CreatorNewSubscriberEmail {...props} />,
  });
}
