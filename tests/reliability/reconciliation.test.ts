import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creatorEarnings, creatorEarningsMonthly } from "../../server/db/schema/app";
import { writePlanPeriod } from "../../server/modules/plans/plan-period-repository";
import { reconcileEarnings } from "../../server/modules/reconciliation/reconcile-earnings";
import { createOffering, createOnboardedCreator } from "../factories/offering-factory";
import { advanceEmulatorClock } from "../factories/stripe-browser";
import { subscribeWithCard } from "../factories/subscriber-factory";
import { createTestApp, type TestApp } from "../setup/test-app";

/**
 * Stripe's webhooks reach the app through this relay, which can lose them: the network
 * between Stripe and us, cut on purpose.
 */
let isDropping = false;
let target = "";
let relay: Server;
let app: TestApp;

beforeAll(async () => {
  relay = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (isDropping) {
      response.writeHead(200).end("{}");
      return;
    }
    const answer = await fetch(target, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Stripe-Signature": String(request.headers["stripe-signature"]),
      },
      body: Buffer.concat(chunks),
    });
    response.writeHead(answer.status).end(await answer.text());
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  const { port } = relay.address() as AddressInfo;
  app = await createTestApp({}, { webhookUrl: `http://127.0.0.1:${port}/hook` });
  target = `${app.baseUrl}/api/webhooks/stripe`;
});
afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => relay?.close(resolve));
});

async function earningsOf(subscriberId: string) {
  const [row] = await app.runtime.deps.db
    .select({ n: count() })
    .from(creatorEarnings)
    .where(eq(creatorEarnings.subscriberId, subscriberId));
  return row?.n ?? 0;
}

describe("nightly reconciliation", () => {
  it("finds the renewal a lost invoice.paid left out, and repairs it from Stripe", async () => {
    const creator = await createOnboardedCreator(app);
    const offering = await createOffering(app, creator, { priceCents: 3000 });
    const { subscriberId } = await subscribeWithCard(app, offering);
    await app.flushWebhooks();
    expect(await earningsOf(subscriberId)).toBe(1);

    // The renewal is paid in Stripe, and every event about it is lost on the way.
    isDropping = true;
    await advanceEmulatorClock(app, 31);
    await app.flushWebhooks();
    isDropping = false;
    expect(await earningsOf(subscriberId)).toBe(1);

    const deps = { ...app.runtime.deps, publicUrl: app.runtime.deps.config.publicUrl };
    const since = new Date(0);
    const report = await reconcileEarnings(deps, { since });
    expect(report.differences).toEqual([
      expect.objectContaining({
        kind: "missing_earning",
        userId: creator.id,
        stripeCents: 3000,
        isRepaired: true,
      }),
    ]);
    expect(await earningsOf(subscriberId)).toBe(2);
    // The monthly rollup moved with the repaired row, and the customer got the receipt.
    const rollup = await app.runtime.deps.db
      .select()
      .from(creatorEarningsMonthly)
      .where(eq(creatorEarningsMonthly.userId, creator.id));
    expect(rollup.reduce((sum, month) => sum + month.grossCents, 0)).toBe(6000);

    // A second run finds everything in order: gross, fee and transfer of each payment.
    const again = await reconcileEarnings(deps, { since });
    expect(again.differences).toEqual([]);
    expect(again.invoicesChecked).toBeGreaterThanOrEqual(2);

    const metrics = await app.runtime.deps.metrics.registry.getSingleMetricAsString(
      "regulars_reconciliation_differences_total",
    );
    expect(metrics).toContain('kind="missing_earning",repaired="true"} 1');
  });

  it("reports a renewal whose fee doesn't fit the plan in force when it was made", async () => {
    const creator = await createOnboardedCreator(app);
    const offering = await createOffering(app, creator, { priceCents: 4000 });
    await subscribeWithCard(app, offering);
    await app.flushWebhooks();
    // Premium from now, and its re-pricing never ran: the renewal still takes 15%.
    await writePlanPeriod(app.runtime.deps.db, {
      userId: creator.id,
      plan: "premium",
      // A second on: the first invoice was made in this very second, under Free.
      effectiveAt: new Date((await app.runtime.deps.clock.now()).getTime() + 1000),
      stripeSubscriptionId: "sub_plan_unpriced",
    });
    await advanceEmulatorClock(app, 31);
    await app.flushWebhooks();

    const deps = { ...app.runtime.deps, publicUrl: app.runtime.deps.config.publicUrl };
    const report = await reconcileEarnings(deps, { since: new Date(0) });
    // The first payment (made under Free) fits; the renewal is reported, never changed.
    expect(report.differences.filter((d) => d.userId === creator.id)).toEqual([
      expect.objectContaining({
        kind: "plan_fee_mismatch",
        recordedCents: 200,
        stripeCents: 600,
        isRepaired: false,
      }),
    ]);
  });
});
