import { BOOT_DATA_ELEMENT_ID, type BootData } from "../../../contracts/public-config";
import { serializeForScript } from "./script-json";

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute and canonical: og:url and `<link rel="canonical">`. */
  url: string;
  /** The page's preview for chat apps and social cards (og:image, twitter:image). */
  image?: { url: string; width: number; height: number; alt: string };
  /** Schema.org JSON-LD for search engines, written into the head. */
  structuredData?: unknown;
}

/** Text for HTML content and double- or single-quoted attributes. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** A large card where there is an image to show; the small one otherwise. */
function imageTags(image: PageMeta["image"]): string[] {
  if (!image) return [`<meta name="twitter:card" content="summary" />`];
  const url = escapeHtml(image.url);
  const alt = escapeHtml(image.alt);
  return [
    `<meta property="og:image" content="${url}" />`,
    `<meta property="og:image:type" content="image/png" />`,
    `<meta property="og:image:width" content="${image.width}" />`,
    `<meta property="og:image:height" content="${image.height}" />`,
    `<meta property="og:image:alt" content="${alt}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:image" content="${url}" />`,
    `<meta name="twitter:image:alt" content="${alt}" />`,
  ];
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
      ...imageTags(meta.image),
      `<link rel="canonical" href="${url}" />`,
    ];
    if (meta.structuredData !== undefined) {
      head.push(
        `<script type="application/ld+json">${serializeForScript(meta.structuredData)}</script>`,
      );
    }
    // A function, so a "$&" typed by a creator stays text rather than a replacement pattern.
    html = html.replace(headPattern, () => head.join("\n    "));
  }
  return html
    .replace("<!--app-html-->", () => markup)
    .replace(
      "<!--app-data-->",
      () =>
        `<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">${serializeForScript(bootData)}</script>`,
    );
}
