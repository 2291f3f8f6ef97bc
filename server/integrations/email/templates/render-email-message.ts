import { render } from "@react-email/render";
import type { ReactElement } from "react";
import type { EmailMessage } from "../mailer";

/**
 * A header value can't carry a line break: names and titles come from people, and a CR/LF in
 * a subject would start a new header. Line and paragraph separators and tabs become spaces.
 */
export function toHeaderValue(value: string): string {
  return value
    .replace(/[\r\n\u2028\u2029\t\v\f]+/g, " ")
    .replace(/ {2,}/g, " ")
    .trim();
}

const emailDate = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

/** "March 3, 2027", in UTC, so every recipient reads the same day the ledger shows. */
export function formatEmailDate(date: Date): string {
  return emailDate.format(date);
}

// html-to-text (React Email's converter) ships no types; these are the parts used here.
interface TextBuilder {
  pushWordTransform(transform: (word: string) => string): void;
  popWordTransform(): void;
  addInline(text: string, options?: { noWordTransform?: boolean }): void;
}
type FormatCallback = (
  elem: { attribs?: Record<string, string>; children: unknown[] },
  walk: (nodes: unknown[], builder: TextBuilder) => void,
  builder: TextBuilder,
) => void;

/**
 * A link reads "Manage your subscription: https://…" in the text part, so the URL is visible
 * and stands apart from its label (html-to-text would write "label https://…").
 */
const formatLinkWithUrl: FormatCallback = (elem, walk, builder) => {
  const href = elem.attribs?.href ?? "";
  let label = "";
  builder.pushWordTransform((word) => {
    label += word;
    return word;
  });
  walk(elem.children, builder);
  builder.popWordTransform();
  if (!href || href === label) return;
  if (label) builder.addInline(":", { noWordTransform: true });
  builder.addInline(label ? ` ${href}` : href, { noWordTransform: true });
};

// Added to React Email's own text selectors (images and the preview line are skipped).
const textOptions = {
  // No hard wrap: phones reflow plain text, and a wrapped line reads ragged there.
  wordwrap: false,
  formatters: { linkWithUrl: formatLinkWithUrl },
  selectors: [
    { selector: "a", format: "linkWithUrl" },
    // Headings keep their case; html-to-text shouts them by default.
    ...["h1", "h2", "h3"].map((selector) => ({
      selector,
      options: { uppercase: false, leadingLineBreaks: 1, trailingLineBreaks: 2 },
    })),
  ],
};

/** Renders one template into both parts of a message: the text part comes from the same tree. */
export async function renderEmailMessage(input: {
  to: string;
  subject: string;
  element: ReactElement;
}): Promise<EmailMessage> {
  const [html, text] = await Promise.all([
    render(input.element),
    render(input.element, {
      plainText: true,
      htmlToTextOptions: textOptions,
    }),
  ]);
  return {
    to: toHeaderValue(input.to),
    subject: toHeaderValue(input.subject),
    text: text.trim(),
    html,
  };
}
