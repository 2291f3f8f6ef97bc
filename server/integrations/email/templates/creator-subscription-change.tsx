import type { EmailMessage } from "../mailer";
import {
  CreatorNoticeFooter,
  EmailButton,
  EmailDetails,
  EmailLayout,
  EmailText,
} from "./email-layout";
import { formatEmailDate, renderEmailMessage } from "./render-email-message";

/** What a subscriber (or the business, for a scheduled end) changed (issue 21). */
export type CreatorSubscriptionChange =
  | { kind: "cancel_scheduled"; endsAt: Date; by: "customer" | "creator" }
  | { kind: "resumed" }
  | { kind: "paused"; until: Date | null }
  | { kind: "pause_ended" }
  | { kind: "switched"; toTitle: string; effectiveAt: Date; isImmediate: boolean }
  /** Issue 22: the customer changed where the service happens, on their self-service page. */
  | { kind: "address_changed"; address: string; phone: string };

export interface CreatorSubscriptionChangeEmailProps {
  to: string;
  /** Null when the creator has set no business name: the greeting does without. */
  businessName: string | null;
  subscriberName: string;
  subscriberEmail: string;
  /** The subscription's offering; for a switch, the one it moves from. */
  offeringTitle: string;
  change: CreatorSubscriptionChange;
  dashboardUrl: string;
  settingsUrl: string;
}

interface Wording {
  subject: string;
  heading: string;
  sentence: string;
}

function wordingFor(props: CreatorSubscriptionChangeEmailProps): Wording {
  const name = props.subscriberName;
  const title = props.offeringTitle;
  const change = props.change;
  switch (change.kind) {
    case "cancel_scheduled": {
      const date = formatEmailDate(change.endsAt);
      return change.by === "customer"
        ? {
            subject: `${name} set ${title} to end on ${date}`,
            heading: "A subscription is set to end",
            sentence: `${name} set their subscription to end on ${date}. They won't be charged again, and can resume until then.`,
          }
        : {
            subject: `You set ${name}'s ${title} subscription to end on ${date}`,
            heading: "A subscription is set to end",
            sentence: `You set ${name}'s subscription to end on ${date}. They won't be charged again, and can resume until then.`,
          };
    }
    case "resumed":
      return {
        subject: `${name} resumed ${title}`,
        heading: "A subscription will continue",
        sentence: `${name} resumed their subscription: it is no longer set to end.`,
      };
    case "paused": {
      const until = change.until ? ` until ${formatEmailDate(change.until)}` : "";
      return {
        subject: `${name} paused ${title}${until}`,
        heading: "A subscription is paused",
        sentence: `${name} paused${until}. They aren't charged while paused.`,
      };
    }
    case "pause_ended":
      return {
        subject: `${name} ended their pause of ${title}`,
        heading: "A subscription is active again",
        sentence: `${name} ended their pause: their subscription is active again.`,
      };
    case "address_changed":
      return {
        subject: `${name} changed their service address for ${title}`,
        heading: "A service address changed",
        sentence: `${name}'s visits are now at ${change.address}. Their phone: ${change.phone}.`,
      };
    case "switched":
      return change.isImmediate
        ? {
            subject: `${name} moved from ${title} to ${change.toTitle}`,
            heading: "A subscriber switched offerings",
            sentence: `${name} moved from ${title} to ${change.toTitle}.`,
          }
        : {
            subject: `${name} is moving from ${title} to ${change.toTitle} on ${formatEmailDate(change.effectiveAt)}`,
            heading: "A subscriber is switching offerings",
            sentence: `${name} is moving from ${title} to ${change.toTitle} on ${formatEmailDate(change.effectiveAt)}.`,
          };
  }
}

function CreatorSubscriptionChangeEmail(props: CreatorSubscriptionChangeEmailProps) {
  const wording = wordingFor(props);
  return (
    <EmailLayout
      preview={wording.sentence}
      heading={wording.heading}
      footer={<CreatorNoticeFooter settingsUrl={props.settingsUrl} />}
    >
      <EmailText>{props.businessName ? `Hi ${props.businessName},` : "Hi,"}</EmailText>
      <EmailText>{wording.sentence}</EmailText>
      <EmailDetails
        rows={[
          { label: "Subscriber", value: props.subscriberName },
          { label: "E-mail", value: props.subscriberEmail },
          {
            label: "Subscription",
            value:
              props.change.kind === "switched"
                ? `${props.offeringTitle} → ${props.change.toTitle}`
                : props.offeringTitle,
          },
        ]}
      />
      <EmailButton href={props.dashboardUrl}>Open your dashboard</EmailButton>
    </EmailLayout>
  );
}

export function renderCreatorSubscriptionChangeEmail(
  props: CreatorSubscriptionChangeEmailProps,
): Promise<EmailMessage> {
  return renderEmailMessage({
    to: props.to,
    subject: wordingFor(props).subject,
    element: <CreatorSubscriptionChangeEmail {...props} />,
  });
}
