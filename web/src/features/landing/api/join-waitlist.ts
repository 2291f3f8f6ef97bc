import { type JoinWaitlistInput, joinWaitlistResponseSchema } from "@contracts/waitlist";
import { apiRequest } from "@/lib/api-client";

/**
 * A full offering's waitlist (or an address outside its area): the same answer whether or not
 * this e-mail was already on it, so the page tells nobody who else is waiting.
 */
export async function joinWaitlist(input: JoinWaitlistInput): Promise<string> {
  const { message } = await apiRequest("/api/public/waitlist", {
    method: "POST",
    body: input,
    schema: joinWaitlistResponseSchema,
  });
  return message;
}
