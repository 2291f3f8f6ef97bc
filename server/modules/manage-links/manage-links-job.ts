import type { JobQueue } from "../../integrations/jobs/job-queue";
import { queues } from "../../integrations/jobs/job-queue";
import {
  type ManageLinksDeps,
  manageLinksJobSchema,
  sendManageLinks,
} from "./manage-links-service";

/** Works "Lost your link?" requests off the queue; each job is one transaction. */
export async function startManageLinksJob(deps: ManageLinksDeps & { queue: JobQueue }) {
  await deps.queue.work<object>(queues.manageLinks, async (job) => {
    const { email } = manageLinksJobSchema.parse(job.data);
    await deps.db.transaction((tx) => sendManageLinks({ ...deps, db: tx }, email));
  });
}
