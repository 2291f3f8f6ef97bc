import { formatCents } from "../../../../contracts/money";
import type { EmailMessage } from "../mailer";
import {
  EmailButton,
  EmailDetails,
  EmailLayout,
  EmailText,
  PrivateLinkWarning,
} from "./email-layout";
import { formatEmailDate, renderEmailMessage } from "./render-email-message";

export interface PaymentReceiptEmailProps {
  to: string;
  subscriberName: string;
  offeringTitle: string;
  creatorName: string | null;
  amountCents: number;
  /** What a promo code took off this payment; 0 without one. */
  discountCents?: number;
  /** When that discount ends, if it continues after this payment (null: forever or over). */
  discountEndsAt?: Date | null;
  paidAt: Date;
  cardBrand: string | null;
  cardLast4: string | null;
  manageUrl: string;
}

/** "Visa ending in 4242"; "American Express" rather than "Amex" is Stripe's to give. */
function describeCard(brand: string | null, last4: string | null): string | null {
  if (!brand || !last4) return null;
  const name =
    brand === "amex" ? "American Express" : brand.charAt(0).toUpperCase() + brand.slice(1);
  return `${name} ending in ${last4}`;
}

function PaymentReceiptEmail(props: PaymentReceiptEmailProps) {
  const amount = formatCents(props.amountCents);
  const card = describeCard(props.cardBrand, props.cardLast4);
  const discount = props.discountCents ?? 0;
  const rows = [
    { label: "Amount paid", value: amount },
    ...(discount > 0
      ? [
          {
            label: "Discount",
            value: `${formatCents(discount)} off${
              props.discountEndsAt ? `, until ${formatEmailDate(props.discountEndsAt)}` : ""
            }`,
          },
        ]
      : []),
    { label: "Date", value: formatEmailDate(props.paidAt) },
    {
      label: "Subscription",
      value: props.creatorName
        ? `${props.offeringTitle} (${props.creatorName})`
        : props.offeringTitle,
    },
    ...(card ? [{ label: "Card", value: card }] : []),
  ];
  return (
    <EmailLayout
      preview={`We received your payment of ${amount} for ${props.offeringTitle}.`}
      heading={`Receipt for ${props.offeringTitle}`}
    >
      <EmailText>Hi {props.subscriberName},</EmailText>
      <EmailText>
        Thanks for your payment of {amount} for {props.offeringTitle}. Keep this e-mail as your
        receipt.
      </EmailText>
      <EmailDetails rows={rows} />
      <EmailButton href={props.manageUrl}>Manage your subscription</EmailButton>
      <PrivateLinkWarning />
    </EmailLayout>
  );
}

export function renderPaymentReceiptEmail(props: PaymentReceiptEmailProps): Promise<EmailMessage> {
  return renderEmailMessage({
    to: props.to,
    subject: `Receipt for ${props.offeringTitle}`,
    element: <PaymentReceiptEmail {...props} />,
  });
}
