/** The page's two URL parts; the server checks them together on every call. */
export interface SubscriberRef {
  customUrl: string;
  /** The link's key (ADR 022): replaceable, unlike the subscriber's id. */
  manageKey: string;
}

export const customerPortalKey = (ref: SubscriberRef) =>
  ["customer-portal", ref.customUrl, ref.manageKey] as const;

export const customerPortalPath = (ref: SubscriberRef) =>
  `/api/public/customers/${encodeURIComponent(ref.customUrl)}/${encodeURIComponent(ref.manageKey)}`;

/** Under the page's key, so whatever refreshes the page refreshes its invoices too. */
export const portalInvoicesKey = (ref: SubscriberRef) =>
  [...customerPortalKey(ref), "invoices"] as const;
