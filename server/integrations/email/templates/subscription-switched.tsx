import { type Cadence, formatSubscriptionPrice } from "../../../../contracts/cadence";
import { formatCents } from "../../../../contracts/money";
import type { EmailMessage } from "../mailer";
import { EmailDetails, EmailText } from "./email-layout";
import { formatEmailDate, renderEmailMessage } from "./render-email-message";
import { CustomerChangeEmail } from "./subscription-change-parts";

export interface SubscriptionSwitchedEmailProps {
  to: string;
  subscriberName: string;
  fromTitle: string;
  toTitle: string;
  /** The new offering's price, charged from the next renewal. */
  priceCents: number;
  cadence: Cadence;
  /** When the new offering applies: now for an upgrade, the next renewal for a downgrade. */
  effectiveAt: Date;
  /** The prorated charge of an upgrade, made now; 0 for a downgrade. */
  chargedNowCents: number;
  /** An upgrade applies (and is charged) at once; a downgrade waits for the next renewal. */
  isImmediate: boolean;
  manageUrl: string;
}

function headingFor(props: SubscriptionSwitchedEmailProps): string {
  return props.isImmediate
    ? `You've moved to ${props.toTitle}`
    : `You're moving to ${props.toTitle} on ${formatEmailDate(props.effectiveAt)}`;
}

function SubscriptionSwitchedEmail(props: SubscriptionSwitchedEmailProps) {
  const price = formatSubscriptionPrice(props.priceCents, props.cadence);
  const date = formatEmailDate(props.effectiveAt);
  const chargedNow = props.isImmediate && props.chargedNowCents > 0;
  return (
    <CustomerChangeEmail
      preview={`${headingFor(props)}, from ${props.fromTitle}.`}
      heading={headingFor(props)}
      subscriberName={props.subscriberName}
      action="Manage your subscription"
      manageUrl={props.manageUrl}
    >
      <EmailText>
        {props.isImmediate
          ? `Your subscription has moved from ${props.fromTitle} to ${props.toTitle}.`
          : `Your subscription moves from ${props.fromTitle} to ${props.toTitle} on ${date}. Until then, nothing changes and nothing is charged now.`}
      </EmailText>
      {chargedNow ? (
        <EmailText>
          We charged {formatCents(props.chargedNowCents)} for the rest of this period.
        </EmailText>
      ) : null}
      <EmailText>
        {props.isImmediate ? "From the next renewal" : `From ${date}`}, it's{" "}
        {props.priceCents === 0 ? "free" : price}.
      </EmailText>
      <EmailDetails
        rows={[
          { label: "Subscription", value: props.toTitle },
          { label: "Previously", value: props.fromTitle },
          { label: props.isImmediate ? "Since" : "Starts on", value: date },
          ...(chargedNow
            ? [{ label: "Charged now", value: formatCents(props.chargedNowCents) }]
            : []),
          { label: "Price", value: price },
        ]}
      />
    </CustomerChangeEmail>
  );
}

export function renderSubscriptionSwitchedEmail(
  props: SubscriptionSwitchedEmailProps,
): Promise<EmailMessage> {
  return renderEmailMessage({
    to: props.to,
    subject: headingFor(props),
    element: <SubscriptionSwitchedEmail {...props} />,
  });
}
