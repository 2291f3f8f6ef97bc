import { createHash } from "node:crypto";
import { formatSubscriptionPrice } from "../../../contracts/cadence";
import type { PublicOffering } from "../../../contracts/landing";

/** The size Facebook, LinkedIn, Slack and X's large card all crop from without letterboxing. */
export const OG_IMAGE_WIDTH = 1200;
export const OG_IMAGE_HEIGHT = 630;

/**
 * Bump when the drawing changes (layout, colours, fonts): every image gets a new address, so
 * no cache keeps showing the old design under an address it was told never changes.
 */
const DESIGN_VERSION = 1;

/** Everything the image shows, and nothing else: its address is a hash of exactly this. */
export interface OgImageCard {
  title: string;
  /**
   * The price with the cadence new subscribers get ("$30.00/month", "$45.00 every 2 weeks"), so
   * a cadence edit changes the address too; or "Free" (nothing is billed, so no cadence).
   */
  priceLabel: string;
  /** The service type ("Lawn Care"), the offering's `subcategory`. */
  category: string;
  creatorName: string | null;
}

export function ogImageCardFor(offering: PublicOffering): OgImageCard {
  return {
    title: offering.title,
    priceLabel: formatSubscriptionPrice(offering.priceCents, offering.cadence),
    category: offering.subcategory,
    creatorName: offering.creatorName?.trim() || null,
  };
}

/** 16 base64url characters (96 bits) of SHA-256 over the design version and the card. */
export function ogImageVersion(card: OgImageCard): string {
  const input = JSON.stringify([
    DESIGN_VERSION,
    card.title,
    card.priceLabel,
    card.category,
    card.creatorName,
  ]);
  return createHash("sha256").update(input).digest("base64url").slice(0, 16);
}

export const OG_IMAGE_VERSION_PATTERN = /^([A-Za-z0-9_-]{16})\.png$/;

/**
 * `/og/{customUrl}/{version}.png`. A price, cadence or title edit changes the version, so the old
 * address can be cached forever and messaging apps, which cache previews by image URL, fetch
 * the new one.
 */
export function ogImagePath(customUrl: string, card: OgImageCard): string {
  return `/og/${encodeURIComponent(customUrl)}/${ogImageVersion(card)}.png`;
}
