import { Section } from "@react-email/components";
import type { EmailMessage } from "../mailer";
import { EmailLayout, EmailLink, EmailText, emailColors, PrivateLinkWarning } from "./email-layout";
import { renderEmailMessage } from "./render-email-message";

type ManageLinkStatus = "active" | "past_due" | "cancelled";

export interface ManageLinksEmailProps {
  to: string;
  links: Array<{
    offeringTitle: string;
    creatorName: string | null;
    manageUrl: string;
    status: ManageLinkStatus;
  }>;
}

/** The label always carries the status; the colour only repeats it. */
const statusLabels: Record<ManageLinkStatus, { label: string; color: string }> = {
  active: { label: "Active", color: emailColors.brand },
  past_due: { label: "Past due", color: emailColors.warning },
  cancelled: { label: "Cancelled", color: emailColors.danger },
};

function ManageLinksEmail(props: ManageLinksEmailProps) {
  const hasOne = props.links.length === 1;
  return (
    <EmailLayout
      preview="The links to manage your subscriptions."
      heading="Your subscription links"
    >
      <EmailText>
        {props.links.length === 0
          ? `We couldn't find any subscriptions for ${props.to}.`
          : `Here ${hasOne ? "is the link" : "are the links"} to manage ${hasOne ? "your subscription" : "your subscriptions"}: change your e-mail, update your card (for a paid subscription) or cancel.`}
      </EmailText>
      {props.links.map((link) => {
        const status = statusLabels[link.status];
        return (
          <Section
            key={link.manageUrl}
            style={{ borderTop: `1px solid ${emailColors.border}`, padding: "12px 0" }}
          >
            <EmailText>
              <strong style={{ color: emailColors.heading }}>{link.offeringTitle}</strong>
              {link.creatorName ? ` from ${link.creatorName}` : ""}
              <br />
              <span style={{ color: status.color, fontWeight: 600 }}>{status.label}</span>
              {" · "}
              <EmailLink href={link.manageUrl}>Manage</EmailLink>
            </EmailText>
          </Section>
        );
      })}
      {props.links.length > 0 ? <PrivateLinkWarning isPlural={!hasOne} /> : null}
    </EmailLayout>
  );
}

export function renderManageLinksEmail(props: ManageLinksEmailProps): Promise<EmailMessage> {
  return renderEmailMessage({
    to: props.to,
    subject: "Your subscription links",
    element: <ManageLinksEmail {...props} />,
  });
}
