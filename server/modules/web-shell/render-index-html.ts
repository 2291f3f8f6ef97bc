import { BOOT_DATA_ELEMENT_ID, type BootData } from "../../../contracts/public-config";

export interface PageMeta {
  title: string;
  description: string;
  url: string;
}

function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** JSON inside <script> must not be able to close the tag or open a comment. */
function serializeForScript(data: unknown): string {
  return JSON.stringify(data)
    .replaceAll("<", "\\u003c")
    .replaceAll(">", "\\u003e")
    .replaceAll("&", "\\u0026")
    .replaceAll("\u2028", "\\u2028")
    .replaceAll("\u2029", "\\u2029");
}

const headPattern = /<!--app-head-->[\s\S]*?<!--\/app-head-->/;

/** `markup` is React's server output for #root: already escaped, placed as it is. */
export function renderIndexHtml(
  template: string,
  bootData: BootData,
  meta?: PageMeta,
  markup = "",
): string {
  let html = template;
  if (meta) {
    const title = escapeHtml(meta.title);
    const description = escapeHtml(meta.description);
    const url = escapeHtml(meta.url);
    const head = [
      `<title>${title}</title>`,
      `<meta name="description" content="${description}" />`,
      `<meta property="og:type" content="website" />`,
      `<meta property="og:title" content="${title}" />`,
      `<meta property="og:description" content="${description}" />`,
      `<meta property="og:url" content="${url}" />`,
      `<meta name="twitter:card" content="summary" />`,
      `<link rel="canonical" href="${url}" />`,
    ].join("\n    ");
    // A function, so a "$&" typed by a creator stays text rather than a replacement pattern.
    html = html.replace(headPattern, () => head);
  }
  return html
    .replace("<!--app-html-->", () => markup)
    .replace(
      "<!--app-data-->",
      () =>
        `<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">${serializeForScript(bootData)}</script>`,
    );
}
