// What the self-service page checks, loaded on first use: zod stays off the page's first load
// (the server drew it, with its data, ADR 019). The jitless switch comes before any schema.
import "@/lib/zod-jitless";
import { urlResponseSchema } from "@contracts/connect";
import {
  customerPortalSchema,
  emailChangeOutcomeSchema,
  newManageLinkResponseSchema,
  updateSubscriberEmailResponseSchema,
  updateSubscriberEmailSchema,
} from "@contracts/customer-portal";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";

export const okSchema = z.object({ ok: z.literal(true) });
export const emailResolver = zodResolver(updateSubscriberEmailSchema);
export {
  customerPortalSchema,
  emailChangeOutcomeSchema,
  newManageLinkResponseSchema,
  updateSubscriberEmailResponseSchema,
  urlResponseSchema,
};
