import { type JobQueue, queues } from "../integrations/jobs/job-queue";
import { addressMailJobSchema } from "./address-mail-off-request";
import type { Auth } from "./auth";

/** Works the jobs addressMailOffRequest enqueues, through better-auth's endpoints. */
export async function startAddressMailJob(deps: { auth: Auth; queue: JobQueue }) {
  await deps.queue.work<object>(queues.addressMail, async (job) => {
    const { path, body } = addressMailJobSchema.parse(job.data);
    if (path === "/request-password-reset") {
      await deps.auth.api.requestPasswordReset({ body });
    } else {
      await deps.auth.api.sendVerificationEmail({ body });
    }
  });
}
