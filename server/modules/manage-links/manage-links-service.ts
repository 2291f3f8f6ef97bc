import { createHash } from "node:crypto";
import type { Db } from "../../db/client";
import { consumeRateLimit } from "../../http/rate-limit";
import type { Mailer } from "../../integrations/email/mailer";
import { renderManageLinksEmail } from "../../integrations/email/templates/manage-links";
import { AppError } from "../../lib/errors";
import { customerPortalUrl } from "../../lib/public-links";
import { listSubscriptionsByEmail } from "./manage-links-repository";

export interface ManageLinksDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
}

/** Requests per address: enough to retry, too few to flood someone's inbox. */
const MANAGE_LINKS_PER_ADDRESS = { max: 3, windowSeconds: 60 * 60 };

/**
 * "Lost your link?": one e-mail listing a self-service link for each subscription under the
 * address, or nothing at all when there are none. The caller answers the same either way.
 */
export async function sendManageLinks(deps: ManageLinksDeps, email: string): Promise<void> {
  const to = email.trim();
  const address = to.toLowerCase();
  // Counted per address whether or not it subscribes, so a refusal reveals nothing. The key
  // holds a digest, not the address itself.
  const digest = createHash("sha256").update(address).digest("hex");
  const isAllowed = await consumeRateLimit(
    deps.db,
    `regulars:manage-links-address:${digest}`,
    MANAGE_LINKS_PER_ADDRESS,
  );
  if (!isAllowed) {
    throw new AppError(
      "rate_limited",
      "We've already sent links to that address several times. Please check your inbox and spam folder, or try again in an hour.",
    );
  }

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
