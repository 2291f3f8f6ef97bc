import { currentUser } from "../../auth/require-creator";
import { declaredRouter } from "../../http/declared-router";
import {
  getWaitlistRoute,
  inviteWaitlistEntryRoute,
  joinWaitlistRoute,
  readInvitationRoute,
  removeWaitlistEntryRoute,
} from "./waitlist-api";
import {
  getWaitlist,
  inviteWaitlistEntryNow,
  joinWaitlist,
  readInvitation,
  removeWaitlistEntry,
  type WaitlistDeps,
} from "./waitlist-service";

/** The handlers of waitlist-api.ts; createApp puts the session and limits in front. */
export function waitlistRoutes(deps: WaitlistDeps) {
  return declaredRouter()
    .openapi(joinWaitlistRoute, async (c) =>
      c.json(await joinWaitlist(deps, c.req.valid("json")), 201),
    )
    .openapi(readInvitationRoute, async (c) =>
      c.json({ invitation: await readInvitation(deps, c.req.valid("json")) }, 200),
    )
    .openapi(getWaitlistRoute, async (c) =>
      c.json(await getWaitlist(deps, currentUser(c).id, c.req.valid("param").id), 200),
    )
    .openapi(removeWaitlistEntryRoute, async (c) => {
      const { id, entryId } = c.req.valid("param");
      await removeWaitlistEntry(deps, currentUser(c).id, id, entryId);
      return c.body(null, 204);
    })
    .openapi(inviteWaitlistEntryRoute, async (c) => {
      const { id, entryId } = c.req.valid("param");
      const entry = await inviteWaitlistEntryNow(deps, currentUser(c).id, id, entryId);
      return c.json({ entry }, 200);
    });
}
