/** The page's two URL parts; the server checks them together on every call. */
export interface SubscriberRef {
  customUrl: string;
  subscriberId: string;
}

export const customerPortalKey = (ref: SubscriberRef) =>
  ["customer-portal", ref.customUrl, ref.subscriberId] as const;

export const customerPortalPath = (ref: SubscriberRef) =>
  `/api/public/customers/${encodeURIComponent(ref.customUrl)}/${encodeURIComponent(ref.subscriberId)}`;
