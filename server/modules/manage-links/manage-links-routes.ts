import { Hono } from "hono";
import {
  MANAGE_LINKS_SENT_MESSAGE,
  type ManageLinksResponse,
  manageLinksRequestSchema,
} from "../../../contracts/manage-links";
import type { AppEnv } from "../../http/app-env";
import { validate } from "../../http/validate";
import { type ManageLinksDeps, sendManageLinks } from "./manage-links-service";

/** POST /api/public/manage-links: account-less, rate limited per client (app.ts) and address. */
export function manageLinksRoutes(deps: ManageLinksDeps) {
  return new Hono<AppEnv>().post("/", validate("json", manageLinksRequestSchema), async (c) => {
    await deps.db.transaction((tx) =>
      sendManageLinks({ ...deps, db: tx }, c.req.valid("json").email),
    );
    const body: ManageLinksResponse = { message: MANAGE_LINKS_SENT_MESSAGE };
    return c.json(body);
  });
}
