import { z } from "zod";
import { subscriberEmailSchema } from "./subscribe";

/** "Lost your link?": the address a customer subscribed with. */
export const manageLinksRequestSchema = z.object({ email: subscriberEmailSchema }).strict();
export type ManageLinksRequest = z.infer<typeof manageLinksRequestSchema>;

/** The same answer whatever the address, so nobody can learn who subscribes. */
export const MANAGE_LINKS_SENT_MESSAGE =
  "If that address has subscriptions, we've sent it a link to each one.";

export const manageLinksResponseSchema = z.object({ message: z.string() });
