import { beforeAll, describe, expect, it } from "vitest";
import { type Analytics, analyticsSchema } from "../../contracts/dashboard";
import { subscriberPauses } from "../../server/db/schema/app";
import { getAnalytics } from "../../server/modules/dashboard/dashboard-service";
import { sumMonthlyRevenue } from "../../server/modules/dashboard/metrics-repository";
import { insertDatedSubscriber } from "../factories/dated-rows-factory";
import { createOffering, createOnboardedCreator } from "../factories/offering-factory";
import type { TestApp } from "../setup/test-app";
import { startTestAppPerFile } from "../support/test-app-per-file";

const at = (iso: string) => new Date(iso);
const AS_OF = at("2025-06-15T12:00:00Z");

// Issue 21: a paused subscriber is still a subscriber (not churned) and adds nothing to monthly
// revenue while paused, now and in the MRR history (docs/metrics.md, "Pauses"). Expected
// values are worked out by hand below, not by the code under test.

let app: TestApp;
startTestAppPerFile((started) => {
  app = started;
});

// Lawn, $25.00 a month. The MRR at each month's end (June: at AS_OF):
//   A joined Jan 10, never paused ................ 2500 from Jan
//   B joined Jan 10, paused Mar 5 – May 20 ........ 2500 Jan, Feb; 0 Mar, Apr; 2500 May, Jun
//   C joined Feb 1, paused since Jun 1 (open) ..... 2500 Feb–May; 0 Jun
//   D joined Feb 1, paused Apr 10, cancelled May 5 while paused: 2500 Feb, Mar; 0 Apr; gone May
//   E joined Mar 1 at 50% off forever, paused Apr 1 – Apr 25: 1250 from Mar (Apr's end is after)
// Jan 5000; Feb 10000; Mar 2500+0+2500+2500+1250 = 8750; Apr 2500+0+2500+0+1250 = 6250;
// May 2500+2500+2500+1250 = 8750; Jun 2500+2500+0+1250 = 6250.
describe("pauses in the business metrics", () => {
  let metrics: Analytics["metrics"];
  let creatorId: string;

  beforeAll(async () => {
    const db = app.runtime.deps.db;
    const creator = await createOnboardedCreator(app);
    creatorId = creator.id;
    const lawn = await createOffering(app, creator, { title: "Lawn", priceCents: 2500 });
    const join = (
      name: string,
      iso: string,
      more: Parameters<typeof insertDatedSubscriber>[2] | object = {},
    ) => insertDatedSubscriber(db, lawn, { name, createdAt: at(iso), ...more });
    const pause = (subscriberId: string, from: string, until: string | null) =>
      db.insert(subscriberPauses).values({
        subscriberId,
        startedAt: at(from),
        endedAt: until ? at(until) : null,
      });
    await join("A", "2025-01-10T09:00:00Z");
    const b = await join("B", "2025-01-10T09:00:00Z");
    await pause(b.id, "2025-03-05T00:00:00Z", "2025-05-20T00:00:00Z");
    const c = await join("C", "2025-02-01T09:00:00Z");
    await pause(c.id, "2025-06-01T00:00:00Z", null);
    const d = await join("D", "2025-02-01T09:00:00Z", { cancelledAt: at("2025-05-05T00:00:00Z") });
    await pause(d.id, "2025-04-10T00:00:00Z", "2025-05-05T00:00:00Z");
    const e = await join("E", "2025-03-01T09:00:00Z", { discountPercentOff: 50 });
    await pause(e.id, "2025-04-01T00:00:00Z", "2025-04-25T00:00:00Z");

    metrics = analyticsSchema.parse(
      await getAnalytics(app.runtime.deps, creator.id, AS_OF),
    ).metrics;
  });

  it("leaves the paused out of MRR now, and counts them in their own bucket", async () => {
    expect(metrics).toMatchObject({
      mrrCents: 6250,
      liveSubscribers: 4, // A, B, C (paused), E; D left
      activeSubscribers: 3, // paying normally: not C
      pausedSubscribers: 1,
      pastDueSubscribers: 0,
      arpuCents: 1563, // 6250 / 4 = 1562.5, half away from zero
    });
    expect(await sumMonthlyRevenue(app.runtime.deps.db, creatorId, AS_OF)).toBe(6250);
  });

  it("leaves each pause out of the MRR history, month by month", () => {
    expect(metrics.mrrHistory.map((point) => point.mrrCents)).toEqual([
      0, 0, 0, 0, 0, 0, 5000, 10_000, 8750, 6250, 8750, 6250,
    ]);
  });

  it("does not count a pause as churn: only D, who cancelled, left", () => {
    expect(metrics.thisMonth.churnedSubscribers).toBe(0);
    expect(metrics.thisMonth.liveAtStart).toBe(4);
  });
});
