// What the self-service page checks, loaded on first use: zod stays off the page's first load
// (the server drew it, with its data, ADR 019). The jitless switch comes before any schema.
import "@/lib/zod-jitless";
import { urlResponseSchema } from "@contracts/connect";
import {
  cancelSubscriptionResponseSchema,
  customerPortalSchema,
  emailChangeOutcomeSchema,
  newManageLinkResponseSchema,
  updateSubscriberEmailResponseSchema,
  updateSubscriberEmailSchema,
} from "@contracts/customer-portal";
import { portalInvoicesSchema, switchPreviewSchema } from "@contracts/subscription-control";
import { zodResolver } from "@hookform/resolvers/zod";

export const emailResolver = zodResolver(updateSubscriberEmailSchema);
export {
  cancelSubscriptionResponseSchema,
  customerPortalSchema,
  emailChangeOutcomeSchema,
  newManageLinkResponseSchema,
  portalInvoicesSchema,
  switchPreviewSchema,
  updateSubscriberEmailResponseSchema,
  urlResponseSchema,
};
