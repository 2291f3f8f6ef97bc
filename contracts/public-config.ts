import type { CustomerPortal } from "./customer-portal";
import type { PublicOffering } from "./landing";

/**
 * The only server values the browser sees; no secrets ever go here.
 * Plain types, not zod: the browser reads these from the page our own server wrote, and the
 * landing page's JavaScript budget has no room for a schema library (see docs/architecture.md).
 */
export interface PublicConfig {
  paymentMode: "emulator" | "stripe";
  stripePublishableKey: string;
  /** Where Stripe.js is loaded from in emulator mode; null with real Stripe. */
  emulatorUrl: string | null;
}

/** The JSON the server inlines into the page so the first paint needs no extra request. */
export interface BootData {
  config: PublicConfig;
  /** The offering on a landing page; null when the address names no active offering. */
  landing?: PublicOffering | null;
  /** The self-service page's subscription, as the server drew it; null when there is none. */
  customerPortal?: CustomerPortal | null;
  /** Set when the self-service link names a subscription its business closed: what to say. */
  closedSubscriptionMessage?: string | null;
}

export const BOOT_DATA_ELEMENT_ID = "regulars-boot-data";
