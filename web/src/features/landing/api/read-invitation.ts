import { type Invitation, invitationResponseSchema } from "@contracts/waitlist";
import { apiRequest } from "@/lib/api-client";

// Said when the link no longer holds a seat; here so the page loads it with the request.
export { INVITATION_EXPIRED_MESSAGE } from "@contracts/waitlist";

/**
 * The waitlist invitation from the link's #invite= fragment: who it is for and until when the
 * seat is held. POST, so the secret stays out of URLs and logs. A 404 or 410 means it expired,
 * was used, or never existed.
 */
export async function readInvitation(input: {
  customUrl: string;
  inviteToken: string;
}): Promise<Invitation> {
  const { invitation } = await apiRequest("/api/public/waitlist/invitation", {
    method: "POST",
    body: input,
    schema: invitationResponseSchema,
  });
  return invitation;
}
