import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { renderAsync } from "@resvg/resvg-js";
import satori, { type Font } from "satori";
import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH, type OgImageCard } from "./og-image-card";
import { ogImageMarkup } from "./og-image-markup";

const require = createRequire(import.meta.url);

/**
 * Inter from @fontsource/inter as WOFF (satori reads TTF, OTF and WOFF, not WOFF2). Fontsource
 * splits each weight by script: "Inter" is basic Latin, "Inter Ext" Latin Extended (ł, ő, ș…).
 * Satori falls back across family names, not across files of one name, hence two names.
 */
const fontFiles = [
  {
    name: "Inter",
    weight: 400,
    file: require.resolve("@fontsource/inter/files/inter-latin-400-normal.woff"),
  },
  {
    name: "Inter",
    weight: 700,
    file: require.resolve("@fontsource/inter/files/inter-latin-700-normal.woff"),
  },
  {
    name: "Inter Ext",
    weight: 400,
    file: require.resolve("@fontsource/inter/files/inter-latin-ext-400-normal.woff"),
  },
  {
    name: "Inter Ext",
    weight: 700,
    file: require.resolve("@fontsource/inter/files/inter-latin-ext-700-normal.woff"),
  },
] as const;

let fonts: Promise<Font[]> | undefined;

/** Read on the first image, then kept (about 200 KB): most instances never draw one. */
function loadFonts(): Promise<Font[]> {
  fonts ??= Promise.all(
    fontFiles.map(async ({ name, weight, file }) => ({
      name,
      weight,
      style: "normal" as const,
      data: await readFile(file),
    })),
  );
  fonts.catch(() => {
    fonts = undefined;
  });
  return fonts;
}

/**
 * Draws the card as a PNG: satori lays it out into an SVG (text as paths, so resvg needs no
 * fonts of its own), resvg rasterises it on libuv's thread pool, off the event loop.
 */
export async function renderOgImage(card: OgImageCard): Promise<Uint8Array> {
  const svg = await satori(ogImageMarkup(card) as unknown as Parameters<typeof satori>[0], {
    width: OG_IMAGE_WIDTH,
    height: OG_IMAGE_HEIGHT,
    fonts: await loadFonts(),
  });
  const image = await renderAsync(svg, {
    fitTo: { mode: "original" },
    font: { loadSystemFonts: false },
  });
  return new Uint8Array(image.asPng());
}
