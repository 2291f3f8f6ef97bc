import type { PlanId } from "../../../contracts/plans";

/** A creator's plan periods, oldest first (`listPlanPeriods`). */
export type PlanTimeline = ReadonlyArray<{ plan: PlanId; effectiveAt: Date }>;

/** The plan in force at `at`: the latest period begun by then, Free before any (ADR 037). */
export function planAt(timeline: PlanTimeline | undefined, at: Date): PlanId {
  let plan: PlanId = "free";
  for (const period of timeline ?? []) {
    if (period.effectiveAt > at) break;
    plan = period.plan;
  }
  return plan;
}
