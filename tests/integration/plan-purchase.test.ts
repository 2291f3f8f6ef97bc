import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { creatorPlanSchema } from "../../contracts/plan-billing";
import { creatorEarnings, creatorPlanCustomers, emailOutbox } from "../../server/db/schema/app";
import { planInForceAt } from "../../server/modules/plans/plan-period-repository";
import { reconcileEarnings } from "../../server/modules/reconciliation/reconcile-earnings";
import { createCreator } from "../factories/creator-factory";
import { createOnboardedCreator, deleteCreatorAccount } from "../factories/offering-factory";
import {
  buyPlan,
  changePlanTo,
  planRequest,
  previewPlanChange,
  readPlan,
} from "../factories/plan-factory";
import { advanceEmulatorClock, createPaymentMethod, testCards } from "../factories/stripe-browser";
import type { TestApp } from "../setup/test-app";
import { readJson } from "../support/read-json";
import { startTestAppPerFile } from "../support/test-app-per-file";

// Issue 23, ADR 038: a creator buys a plan on the platform's own Stripe account, changes it and
// leaves it; the plan in force (what every fee follows) is written from the plan subscription.

let app: TestApp;
startTestAppPerFile((started) => {
  app = started;
});

const DAY = 86_400_000;

async function planNow(userId: string) {
  const { db, clock } = app.runtime.deps;
  return planInForceAt(db, userId, await clock.now());
}

describe("buying a plan", () => {
  it("with 4242: Premium is in force once its first $199 is paid, and the Account tab says so", async () => {
    const creator = await createCreator(app);
    expect(await readPlan(app, creator)).toMatchObject({
      plan: "free",
      status: "none",
      invoices: [],
    });
    const bought = await buyPlan(app, creator, "premium");
    expect(bought.status, await bought.clone().text()).toBe(200);
    const plan = await readJson(bought, creatorPlanSchema);
    expect(plan).toMatchObject({
      plan: "premium",
      status: "active",
      scheduledChange: null,
      paymentProblem: null,
      card: { brand: "visa", last4: "4242" },
    });
    expect(plan.nextCharge?.amountCents).toBe(19_900);
    const now = await app.runtime.deps.clock.now();
    const nextAt = new Date(plan.nextCharge!.at).getTime();
    expect(nextAt - now.getTime()).toBeGreaterThan(27 * DAY);
    expect(nextAt - now.getTime()).toBeLessThanOrEqual(31 * DAY);
    expect(plan.invoices).toEqual([
      expect.objectContaining({ amountCents: 19_900, status: "paid" }),
    ]);
    expect(await planNow(creator.id)).toBe("premium");
    // The webhooks about it repeat what the request wrote: still one plan, no second period.
    await app.flushWebhooks();
    expect(await readPlan(app, creator)).toEqual(plan);
  });

  it("with 3155: the bank's 3-D Secure is answered, then Professional is in force", async () => {
    const creator = await createCreator(app);
    const bought = await buyPlan(app, creator, "professional", testCards.threeDSecure);
    expect(bought.status, await bought.clone().text()).toBe(200);
    expect((await readJson(bought, creatorPlanSchema)).plan).toBe("professional");
    expect(await planNow(creator.id)).toBe("professional");
  });

  it("with a declined card: nothing is in force, and the next attempt with a good card works", async () => {
    const creator = await createCreator(app);
    const declined = await buyPlan(app, creator, "premium", testCards.declined);
    expect(declined.status).toBe(402);
    expect(await planNow(creator.id)).toBe("free");
    expect((await readPlan(app, creator)).status).toBe("none");

    const bought = await buyPlan(app, creator, "premium");
    expect(bought.status, await bought.clone().text()).toBe(200);
    expect(await planNow(creator.id)).toBe("premium");
    // Exactly one plan subscription is live at Stripe: the declined attempt never was.
    const { stripe } = app.runtime.deps;
    const [customer] = await app.runtime.deps.db
      .select()
      .from(creatorPlanCustomers)
      .where(eq(creatorPlanCustomers.userId, creator.id));
    const all = await stripe.subscriptions.list({
      customer: customer!.stripeCustomerId,
      status: "all",
    });
    expect(all.data.filter((s) => s.status !== "canceled").map((s) => s.status)).toEqual([
      "active",
    ]);
  });

  it("is the platform's revenue: its invoices are no creator's earnings, and the nightly reconciliation passes them by", async () => {
    const creator = await createCreator(app);
    expect((await buyPlan(app, creator, "premium")).status).toBe(200);
    await app.flushWebhooks();
    const [invoice] = (await readPlan(app, creator)).invoices;
    const deps = { ...app.runtime.deps, publicUrl: app.runtime.deps.config.publicUrl };
    const report = await reconcileEarnings(deps, { since: new Date(0) });
    expect(report.differences.filter((d) => d.invoiceId === invoice!.id)).toEqual([]);
    const rows = await app.runtime.deps.db
      .select()
      .from(creatorEarnings)
      .where(eq(creatorEarnings.stripeInvoiceId, invoice!.id));
    expect(rows).toEqual([]);
  });

  it("can't be bought twice, and a stranger's purchase can't be confirmed", async () => {
    const creator = await createCreator(app);
    expect((await buyPlan(app, creator, "premium")).status).toBe(200);
    const again = await buyPlan(app, creator, "professional");
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("Change plan");

    const stranger = await createCreator(app);
    const theirs = await app.request(
      "/api/plan/confirm",
      planRequest(stranger, "POST", { subscriptionId: "sub_notyours" }),
    );
    expect(theirs.status).toBe(404);
  });

  it("refuses a plan that doesn't exist or a card id that isn't one, before Stripe", async () => {
    const creator = await createCreator(app);
    const card = await createPaymentMethod(app, testCards.success);
    for (const body of [
      { plan: "free", paymentMethodId: card, attemptId: crypto.randomUUID() },
      { plan: "gold", paymentMethodId: card, attemptId: crypto.randomUUID() },
      { plan: "premium", paymentMethodId: "tok_visa", attemptId: crypto.randomUUID() },
      { plan: "premium", paymentMethodId: card, attemptId: "1" },
    ]) {
      const response = await app.request("/api/plan/start", planRequest(creator, "POST", body));
      expect(response.status).toBe(400);
    }
    const anonymous = await app.request("/api/plan", { method: "GET" });
    expect(anonymous.status).toBe(401);
  });
});

describe("changing a plan", () => {
  it("upgrades at once, charged the prorated rest of the month from Stripe's preview", async () => {
    const creator = await createCreator(app);
    const bought = await buyPlan(app, creator, "premium");
    expect(bought.status, await bought.clone().text()).toBe(200);
    await advanceEmulatorClock(app, 10);

    const preview = await previewPlanChange(app, creator, "professional");
    expect(preview.kind).toBe("upgrade");
    // About two thirds of the $300 difference is left in the month.
    expect(preview.dueNowCents).toBeGreaterThan(18_000);
    expect(preview.dueNowCents).toBeLessThan(22_000);

    // A preview a day old is shown again; one just made is charged to the cent.
    await advanceEmulatorClock(app, 1);
    const stale = await changePlanTo(app, creator, "professional", preview.prorationDate);
    expect(stale.status).toBe(409);
    expect(await planNow(creator.id)).toBe("premium");
    const fresh = await previewPlanChange(app, creator, "professional");
    await advanceEmulatorClock(app, 5 / 1440);
    const changed = await changePlanTo(app, creator, "professional", fresh.prorationDate);
    expect(changed.status, await changed.clone().text()).toBe(200);
    const plan = await readJson(changed, creatorPlanSchema);
    expect(plan.plan).toBe("professional");
    expect(plan.nextCharge?.amountCents).toBe(49_900);
    expect(plan.invoices[0]).toMatchObject({ amountCents: fresh.dueNowCents, status: "paid" });
    expect(await planNow(creator.id)).toBe("professional");
  });

  it("downgrades at the end of the paid month, and undoing it keeps the plan", async () => {
    const creator = await createCreator(app);
    const bought = await buyPlan(app, creator, "professional");
    expect(bought.status, await bought.clone().text()).toBe(200);
    await advanceEmulatorClock(app, 5);

    const preview = await previewPlanChange(app, creator, "premium");
    expect(preview).toMatchObject({ kind: "downgrade", dueNowCents: 0 });
    const changed = await readJson(await changePlanTo(app, creator, "premium"), creatorPlanSchema);
    expect(changed.plan).toBe("professional");
    expect(changed.scheduledChange).toEqual({ plan: "premium", at: preview.effectiveAt });
    expect(changed.nextCharge).toEqual({ at: preview.effectiveAt, amountCents: 19_900 });

    // Changing one's mind: Professional stays, nothing is scheduled.
    const kept = await readJson(
      await changePlanTo(app, creator, "professional"),
      creatorPlanSchema,
    );
    expect(kept).toMatchObject({ plan: "professional", scheduledChange: null });
    expect(kept.nextCharge?.amountCents).toBe(49_900);

    // Downgrade again, and let the month end: Premium from its renewal, charged $199.
    await changePlanTo(app, creator, "premium");
    await advanceEmulatorClock(app, 30);
    await app.flushWebhooks();
    const after = await readPlan(app, creator);
    expect(after).toMatchObject({ plan: "premium", scheduledChange: null });
    expect(after.invoices[0]).toMatchObject({ amountCents: 19_900, status: "paid" });
  });

  it("leaves for Free at the end of the paid month, e-mailed when it ends", async () => {
    const creator = await createCreator(app);
    const bought = await buyPlan(app, creator, "premium");
    expect(bought.status, await bought.clone().text()).toBe(200);
    const preview = await previewPlanChange(app, creator, "free");
    expect(preview).toMatchObject({ kind: "cancel", nextCharge: null });
    const changed = await readJson(await changePlanTo(app, creator, "free"), creatorPlanSchema);
    expect(changed).toMatchObject({
      plan: "premium",
      nextCharge: null,
      scheduledChange: { plan: "free", at: preview.effectiveAt },
    });
    await advanceEmulatorClock(app, 32);
    await app.flushWebhooks();
    expect(await readPlan(app, creator)).toMatchObject({ plan: "free", status: "none" });
    const mail = await app.runtime.deps.db
      .select({ kind: emailOutbox.kind, subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(eq(emailOutbox.userId, creator.id));
    expect(mail.filter((m) => m.kind.startsWith("plan_"))).toEqual([
      { kind: "plan_ended", subject: "Your Premium plan has ended" },
    ]);
  });

  it("refuses a change without a paid plan, and every change but leaving while a payment fails", async () => {
    const creator = await createCreator(app);
    const none = await changePlanTo(app, creator, "premium");
    expect(none.status).toBe(409);
    expect(await none.text()).toContain("enter a card");
    const bad = await changePlanTo(app, creator, "gold" as never);
    expect(bad.status).toBe(400);
  });
});

describe("deleting the account", () => {
  it("ends the plan subscription first: a closed business is never billed for its plan", async () => {
    const creator = await createOnboardedCreator(app);
    expect((await buyPlan(app, creator, "premium")).status).toBe(200);
    const [customer] = await app.runtime.deps.db
      .select()
      .from(creatorPlanCustomers)
      .where(eq(creatorPlanCustomers.userId, creator.id));
    expect((await deleteCreatorAccount(app, creator)).status).toBe(200);
    const plan = await app.runtime.deps.stripe.subscriptions.retrieve(
      customer!.stripeSubscriptionId!,
    );
    expect(plan.status).toBe("canceled");
    await app.flushWebhooks();
  });
});
