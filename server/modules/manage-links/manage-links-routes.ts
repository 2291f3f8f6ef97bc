import { Hono } from "hono";
import {
  MANAGE_LINKS_SENT_MESSAGE,
  type ManageLinksResponse,
  manageLinksRequestSchema,
} from "../../../contracts/manage-links";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../http/app-env";
import { validate } from "../../http/validate";
import type { JobQueue } from "../../integrations/jobs/job-queue";
import { requestManageLinks } from "./manage-links-service";

/**
 * POST /api/public/manage-links: account-less, limited per client (app.ts); the mailer caps
 * what reaches one mailbox. Answers before looking anything up (the job does), so a known and
 * an unknown address get the same answer in the same time.
 */
export function manageLinksRoutes(deps: { db: Db; queue: JobQueue }) {
  return new Hono<AppEnv>().post("/", validate("json", manageLinksRequestSchema), async (c) => {
    await deps.db.transaction((tx) =>
      requestManageLinks({ ...deps, db: tx }, c.req.valid("json").email),
    );
    const body: ManageLinksResponse = { message: MANAGE_LINKS_SENT_MESSAGE };
    return c.json(body);
  });
}
