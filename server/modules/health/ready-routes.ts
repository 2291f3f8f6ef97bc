import type Stripe from "stripe";
import type { Db } from "../../db/client";
import { declaredRouter } from "../../http/declared-router";
import type { JobQueue } from "../../integrations/jobs/job-queue";
import { readyRoute } from "./health-api";
import { pingDatabase } from "./health-repository";

type Check = "ok" | "unreachable";

/** Stripe is asked at most this often; a load balancer probes every few seconds. */
const STRIPE_CHECK_SECONDS = 30;

/**
 * GET /api/ready: whether this instance should get traffic. Unlike /api/health (liveness),
 * it checks what a request needs (the database, the job queue, Stripe) and turns 503 as soon
 * as shutdown begins, so the load balancer drains the instance before it stops.
 */
export function readyRoutes(options: {
  db: Db;
  queue: JobQueue;
  stripe: Stripe;
  isShuttingDown: () => boolean;
}) {
  let stripeCheck: { at: number; result: Check } | null = null;
  async function checkStripe(): Promise<Check> {
    if (stripeCheck && Date.now() - stripeCheck.at < STRIPE_CHECK_SECONDS * 1000) {
      return stripeCheck.result;
    }
    const result: Check = await options.stripe.balance
      .retrieve({}, { timeout: 5000, maxNetworkRetries: 0 })
      .then(() => "ok" as const)
      .catch(() => "unreachable" as const);
    stripeCheck = { at: Date.now(), result };
    return result;
  }
  const probe = (work: () => Promise<unknown>): Promise<Check> =>
    work().then(
      () => "ok",
      () => "unreachable",
    );

  return declaredRouter().openapi(readyRoute, async (c) => {
    if (options.isShuttingDown()) {
      return c.json({ status: "shutting_down" } as const, 503);
    }
    const [database, jobs, stripe] = await Promise.all([
      probe(() => pingDatabase(options.db)),
      probe(() => options.queue.stats()),
      checkStripe(),
    ]);
    // Probes wait behind a busy instance; a drain that began meanwhile wins over what they found.
    if (options.isShuttingDown()) {
      return c.json({ status: "shutting_down" } as const, 503);
    }
    const checks = { database, jobs, stripe };
    const isReady = Object.values(checks).every((check) => check === "ok");
    return isReady
      ? c.json({ status: "ready" as const, checks }, 200)
      : c.json({ status: "not_ready" as const, checks }, 503);
  });
}
