import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from "@react-email/components";
import type { CSSProperties, ReactNode } from "react";

/** The product's look, as inline styles: mail clients ignore most stylesheets. */
export const emailColors = {
  page: "#f4f4f5",
  card: "#ffffff",
  border: "#e4e4e7",
  heading: "#18181b",
  body: "#3f3f46",
  muted: "#71717a",
  brand: "#15803d",
  warning: "#a16207",
  danger: "#b91c1c",
} as const;

const fontFamily =
  'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

const paragraph: CSSProperties = {
  margin: "0 0 16px",
  fontSize: "14px",
  lineHeight: "22px",
  color: emailColors.body,
};

export function EmailLayout(props: {
  /** The line inboxes show after the subject. */
  preview: string;
  heading: string;
  children: ReactNode;
  /** Extra lines above "Sent by Regulars", e.g. how to turn creator notices off. */
  footer?: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light" />
      </Head>
      <Preview>{props.preview}</Preview>
      <Body
        style={{ margin: 0, padding: "32px 16px", backgroundColor: emailColors.page, fontFamily }}
      >
        <Container style={{ maxWidth: "560px", margin: "0 auto" }}>
          <Section
            style={{
              backgroundColor: emailColors.card,
              border: `1px solid ${emailColors.border}`,
              borderRadius: "8px",
              padding: "32px",
            }}
          >
            <Heading
              as="h1"
              style={{
                margin: "0 0 20px",
                fontSize: "20px",
                lineHeight: "28px",
                fontWeight: 600,
                color: emailColors.heading,
              }}
            >
              {props.heading}
            </Heading>
            {props.children}
          </Section>
          <Section style={{ padding: "16px 32px 0" }}>
            {props.footer}
            <EmailFooterText>Sent by Regulars</EmailFooterText>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export function EmailText(props: { children: ReactNode; tone?: "body" | "muted" }) {
  return (
    <Text
      style={{ ...paragraph, color: props.tone === "muted" ? emailColors.muted : emailColors.body }}
    >
      {props.children}
    </Text>
  );
}

function EmailFooterText(props: { children: ReactNode }) {
  return (
    <Text
      style={{ margin: "0 0 4px", fontSize: "12px", lineHeight: "18px", color: emailColors.muted }}
    >
      {props.children}
    </Text>
  );
}

/** The one primary action in a message, in the brand green. */
export function EmailButton(props: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: "8px 0 24px" }}>
      <Button
        href={props.href}
        style={{
          backgroundColor: emailColors.brand,
          color: "#ffffff",
          borderRadius: "6px",
          padding: "10px 18px",
          fontSize: "14px",
          fontWeight: 600,
          lineHeight: "20px",
          textDecoration: "none",
        }}
      >
        {props.children}
      </Button>
    </Section>
  );
}

export function EmailLink(props: { href: string; children: ReactNode }) {
  return (
    <Link href={props.href} style={{ color: emailColors.brand, textDecoration: "underline" }}>
      {props.children}
    </Link>
  );
}

/** Money set in tabular figures, as on every screen. */
export function Money(props: { children: string }) {
  return <span style={{ fontVariantNumeric: "tabular-nums" }}>{props.children}</span>;
}

/** Label / value rows (amount, date, card); the text part keeps them as a small table. */
export function EmailDetails(props: { rows: Array<{ label: string; value: ReactNode }> }) {
  return (
    <table
      role="presentation"
      data-text-format="dataTable"
      cellPadding={0}
      cellSpacing={0}
      width="100%"
      style={{
        margin: "0 0 24px",
        borderTop: `1px solid ${emailColors.border}`,
        borderCollapse: "collapse",
        fontSize: "14px",
        lineHeight: "20px",
      }}
    >
      <tbody>
        {props.rows.map((row) => (
          <tr key={row.label}>
            <td
              style={{
                padding: "10px 0",
                borderBottom: `1px solid ${emailColors.border}`,
                color: emailColors.muted,
              }}
            >
              {row.label}
            </td>
            <td
              align="right"
              style={{
                padding: "10px 0",
                borderBottom: `1px solid ${emailColors.border}`,
                color: emailColors.heading,
                fontWeight: 500,
                fontVariantNumeric: "tabular-nums",
              }}
            >
              {row.value}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The footer line every creator notice carries. */
export function CreatorNoticeFooter(props: { settingsUrl: string }) {
  return (
    <EmailFooterText>
      You can turn these e-mails off in{" "}
      <EmailLink href={props.settingsUrl}>Account settings</EmailLink>.
    </EmailFooterText>
  );
}

/** The warning every message with a manage link carries. */
export function PrivateLinkWarning(props: { isPlural?: boolean }) {
  return (
    <EmailText tone="muted">
      {props.isPlural
        ? "Keep these links private: anyone who has one can manage that subscription."
        : "Keep this link private: anyone who has it can manage your subscription."}
    </EmailText>
  );
}
