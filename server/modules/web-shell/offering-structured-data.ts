import { type Cadence, stripeRecurringOf } from "../../../contracts/cadence";
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

/** UN/CEFACT Common Codes for the periods a Stripe interval counts in. */
const UNIT_CODES = { week: "WEE", month: "MON", year: "ANN" } as const;

/**
 * The period one charge pays for, as schema.org units: every 2 weeks is 2 × `WEE`, every
 * 3 months 3 × `MON`, a year 1 × `ANN`.
 */
function schemaBillingPeriod(cadence: Cadence) {
  const { interval, interval_count: count } = stripeRecurringOf(cadence);
  return { unitCode: UNIT_CODES[interval], count };
}

/**
 * The landing page's JSON-LD: a Product with an Offer, so a search engine can show the price in
 * its result. An offering is a subscription, which a bare Offer price can't say: the
 * UnitPriceSpecification states the period one charge pays for ("per one month", UN/CEFACT
 * `MON`; "per 2 weeks", 2 × `WEE`), the way Google documents subscription prices. Only active
 * offerings have a page, so the offer is always in stock.
 */
export function buildOfferingJsonLd(offering: PublicOffering, addresses: OfferingAddresses) {
  const price = formatSchemaPrice(offering.priceCents);
  const business = offering.creatorName?.trim() || null;
  const period = schemaBillingPeriod(offering.cadence);
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
      // A free offering bills nothing, so it has no price per period to state.
      ...(offering.priceCents === 0
        ? {}
        : {
            priceSpecification: {
              "@type": "UnitPriceSpecification",
              price,
              priceCurrency: "USD",
              unitCode: period.unitCode,
              billingDuration: period.count,
              referenceQuantity: {
                "@type": "QuantitativeValue",
                value: period.count,
                unitCode: period.unitCode,
              },
            },
          }),
    },
  };
}
