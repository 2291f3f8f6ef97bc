import type { ReactNode } from "react";
import { type Cadence, formatCadencePrice } from "../../../../contracts/cadence";
import { EmailButton, EmailLayout, EmailText, PrivateLinkWarning } from "./email-layout";
import { formatEmailDate } from "./render-email-message";

/**
 * The frame of every e-mail about a change the customer controls (issue 21): greeting, the
 * message, one action on the self-service page and the warning that link needs.
 */
export function CustomerChangeEmail(props: {
  preview: string;
  heading: string;
  subscriberName: string;
  children: ReactNode;
  action: string;
  manageUrl: string;
}) {
  return (
    <EmailLayout preview={props.preview} heading={props.heading}>
      <EmailText>Hi {props.subscriberName},</EmailText>
      {props.children}
      <EmailButton href={props.manageUrl}>{props.action}</EmailButton>
      <PrivateLinkWarning />
    </EmailLayout>
  );
}

/** "Your next charge is $25.00/month on March 3, 2027.": a free subscription has no charge. */
export function nextChargeSentence(
  priceCents: number,
  cadence: Cadence,
  nextChargeAt: Date | null,
): string {
  if (priceCents === 0) return "It's free: you won't be charged.";
  const price = formatCadencePrice(priceCents, cadence);
  return nextChargeAt
    ? `Your next charge is ${price} on ${formatEmailDate(nextChargeAt)}.`
    : `It renews at ${price}.`;
}
