import { Fragment, type ReactNode } from "react";

// A URL runs to the next space; sentence punctuation right after it is not part of it.
const urlPattern = /https?:\/\/[^\s<>"]+/g;
const trailingPunctuation = /[.,;:!?)\]'"]+$/;

/** Renders the URLs in a plain-text e-mail as links, without ever injecting HTML. */
export function LinkifiedText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let cursor = 0;
  for (const match of text.matchAll(urlPattern)) {
    const start = match.index;
    const url = match[0].replace(trailingPunctuation, "");
    if (start > cursor) parts.push(<Fragment key={cursor}>{text.slice(cursor, start)}</Fragment>);
    parts.push(
      <a key={start} href={url} className="break-all text-brand-700 underline">
        {url}
      </a>,
    );
    cursor = start + url.length;
  }
  if (cursor < text.length) parts.push(<Fragment key={cursor}>{text.slice(cursor)}</Fragment>);
  return <>{parts}</>;
}
