import type { PublicOffering } from "../../../contracts/landing";

/** Where the offering's page and preview image live; absolute, from the public base URL. */
export interface OfferingAddresses {
  canonicalUrl: string;
  imageUrl: string;
}

/** Schema.org wants a decimal string; from integer cents without a float in between. */
export function formatSchemaPrice(cents: number): string {
  const whole = Math.trunc(cents / 100);
  const rest = String(cents % 100).padStart(2, "0");
  return `${whole}.${rest}`;
}

/**
 * The landing page's JSON-LD: a Product with an Offer, so a search engine can show the price in
 * its result. An offering is a monthly subscription, which a bare Offer price can't say: the
 * UnitPriceSpecification states "per one month" (UN/CEFACT `MON`), the way Google documents
 * subscription prices. Only active offerings have a page, so the offer is always in stock.
 */
export function buildOfferingJsonLd(offering: PublicOffering, addresses: OfferingAddresses) {
  const price = formatSchemaPrice(offering.priceCents);
  const business = offering.creatorName?.trim() || null;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: offering.title,
    description: offering.description,
    category: offering.subcategory,
    url: addresses.canonicalUrl,
    image: addresses.imageUrl,
    ...(business ? { brand: { "@type": "Brand", name: business } } : {}),
    offers: {
      "@type": "Offer",
      url: addresses.canonicalUrl,
      price,
      priceCurrency: "USD",
      // Not for sale until Stripe enables the creator's charges (ADR 024).
      availability: offering.isAcceptingSubscriptions
        ? "https://schema.org/InStock"
        : "https://schema.org/OutOfStock",
      ...(business ? { seller: { "@type": "Organization", name: business } } : {}),
      // A free offering bills nothing, so it has no monthly price to state.
      ...(offering.priceCents === 0
        ? {}
        : {
            priceSpecification: {
              "@type": "UnitPriceSpecification",
              price,
              priceCurrency: "USD",
              unitCode: "MON",
              billingDuration: 1,
              referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "MON" },
            },
          }),
    },
  };
}
