import { z } from "zod";
import type { Db } from "../../db/client";
import type { Mailer } from "../../integrations/email/mailer";
import { renderManageLinksEmail } from "../../integrations/email/templates/manage-links";
import { type JobQueue, queues } from "../../integrations/jobs/job-queue";
import { customerPortalUrl } from "../../lib/public-links";
import { listSubscriptionsByEmail } from "./manage-links-repository";

export interface ManageLinksDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
}

/** What the request hands the job: the address as typed (validated at the edge). */
export const manageLinksJobSchema = z.object({ email: z.string().min(3).max(254) });

/**
 * "Lost your link?" as the request sees it: one job enqueued in the request's transaction,
 * the same work whatever the address, so neither the answer nor its timing says whether the
 * address has subscriptions. The look-up and the e-mail happen on the job queue.
 */
export async function requestManageLinks(
  deps: { db: Db; queue: JobQueue },
  email: string,
): Promise<void> {
  const job: z.infer<typeof manageLinksJobSchema> = { email: email.trim() };
  await deps.queue.send(deps.db, queues.manageLinks, job);
}

/**
 * The job: one e-mail listing a self-service link for each subscription under the address, or
 * nothing at all when there are none. The mailer caps how many reach one mailbox (ADR 023).
 */
export async function sendManageLinks(deps: ManageLinksDeps, email: string): Promise<void> {
  const to = email.trim();
  const address = to.toLowerCase();
  const subscriptions = await listSubscriptionsByEmail(deps.db, address);
  if (subscriptions.length === 0) return;
  const message = await renderManageLinksEmail({
    to,
    links: subscriptions.map((s) => ({
      offeringTitle: s.offeringTitle,
      creatorName: s.creatorName,
      manageUrl: customerPortalUrl(deps.publicUrl, s.customUrl, s.manageKey),
      status: s.status,
    })),
  });
  await deps.mailer.enqueue(deps.db, { kind: "manage_links", ...message });
}
