import { MANAGE_LINKS_SENT_MESSAGE } from "../../../contracts/manage-links";
import type { Db } from "../../db/client";
import { declaredRouter } from "../../http/declared-router";
import type { JobQueue } from "../../integrations/jobs/job-queue";
import { requestManageLinksRoute } from "./manage-links-api";
import { requestManageLinks } from "./manage-links-service";

/**
 * The handler of manage-links-api.ts; createApp puts the limit in front, and the mailer caps
 * what reaches one mailbox. Answers before looking anything up (the job does), so a known and
 * an unknown address get the same answer in the same time.
 */
export function manageLinksRoutes(deps: { db: Db; queue: JobQueue }) {
  return declaredRouter().openapi(requestManageLinksRoute, async (c) => {
    await deps.db.transaction((tx) =>
      requestManageLinks({ ...deps, db: tx }, c.req.valid("json").email),
    );
    return c.json({ message: MANAGE_LINKS_SENT_MESSAGE }, 200);
  });
}
