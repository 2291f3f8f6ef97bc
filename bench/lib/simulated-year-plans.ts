// The simulated year's creators buying and changing their platform plan (issue 23, ADR 037)
// through the real HTTP API as the Account tab does it, and the clock advanced so that every
// change is re-priced before the renewals after it: a change scheduled inside an advance is
// reached first (a minute past it), its webhooks delivered, and every live subscription of the
// creator awaited at the new plan's percentage before the rest of the advance. What the bench
// did is recorded (when each plan took effect, what each plan charge should be) for
// simulated-year-plan-checks.ts.
import { randomUUID } from "node:crypto";
import type Stripe from "stripe";
import {
  type CreatorPlan,
  creatorPlanSchema,
  type PaidPlanId,
  planChangePreviewSchema,
  startPlanResponseSchema,
} from "../../contracts/plan-billing";
import { type PlanId, planById, subscriptionFeePercent } from "../../contracts/plans";
import type { BenchClient } from "./api";

type PlanAction =
  | { kind: "buy"; plan: PaidPlanId; card: string }
  | { kind: "change"; plan: PlanId };

/**
 * Month 1: creator 1 buys Premium, creator 2 Professional (3-D Secure). Month 2: creator 2
 * downgrades to Premium (at its month's end), creator 3 buys Premium, and mid-month creator 1
 * upgrades to Professional (prorated). Month 3: creator 3 leaves for Free (at its month's end).
 */
const PLAN_ACTIONS: ReadonlyArray<{
  month: number;
  when: "start" | "mid";
  creator: number;
  action: PlanAction;
}> = [
  {
    month: 1,
    when: "start",
    creator: 0,
    action: { kind: "buy", plan: "premium", card: "4242424242424242" },
  },
  {
    month: 1,
    when: "start",
    creator: 1,
    action: { kind: "buy", plan: "professional", card: "4000002500003155" },
  },
  { month: 2, when: "start", creator: 1, action: { kind: "change", plan: "premium" } },
  {
    month: 2,
    when: "start",
    creator: 2,
    action: { kind: "buy", plan: "premium", card: "4242424242424242" },
  },
  { month: 2, when: "mid", creator: 0, action: { kind: "change", plan: "professional" } },
  { month: 3, when: "start", creator: 2, action: { kind: "change", plan: "free" } },
];

const INVOICING = new Set(["active", "trialing", "past_due", "unpaid"]);
/** How long the re-pricing jobs of one change may take (they run within seconds). */
const REPRICING_WAIT_MS = 120_000;

export interface PlanEnv {
  stripe: Stripe;
  emulatorUrl: () => string;
  creators: readonly BenchClient[];
  /** The Stripe ids of the customers' subscriptions of creator i (live or not). */
  subscriptionsOf: (creator: number) => string[];
  postJson: (url: string, body?: unknown) => Promise<unknown>;
  deliverWebhooks: () => Promise<void>;
}

/** A plan charge the bench expects at Stripe: a month billed, or an upgrade's proration. */
export interface ExpectedPlanCharge {
  cents: number;
  what: string;
}

/** A plan in force from a moment (unix seconds), as the bench made it. */
export type Timeline = Array<{ plan: PlanId; from: number }>;

export function planAt(timeline: Timeline, at: number): PlanId {
  return timeline.findLast((period) => period.from <= at)?.plan ?? "free";
}

export class CreatorPlans {
  /** Per creator: when each plan took effect, from the purchase's payment, the change, or scheduledChange.at. */
  readonly timelines: Timeline[];
  readonly expectedCharges: ExpectedPlanCharge[][];
  /** Per creator: its plan subscription at the platform, once bought. */
  readonly planSubscriptions: (string | null)[];
  readonly mismatches: string[] = [];
  /** Seconds spent waiting for re-pricing, and how many waits. */
  readonly repricing = { waits: 0, seconds: 0 };

  constructor(
    private readonly env: PlanEnv,
    private readonly isEnabled: boolean,
  ) {
    this.timelines = env.creators.map(() => [{ plan: "free" as PlanId, from: 0 }]);
    this.expectedCharges = env.creators.map(() => []);
    this.planSubscriptions = env.creators.map(() => null);
  }

  /** The plan actions of this month's start or middle, each awaited until re-priced. */
  async act(month: number, when: "start" | "mid") {
    if (!this.isEnabled) return;
    for (const step of PLAN_ACTIONS) {
      if (step.month !== month || step.when !== when || step.creator >= this.env.creators.length)
        continue;
      if (step.action.kind === "buy")
        await this.buy(step.creator, step.action.plan, step.action.card);
      else await this.change(step.creator, step.action.plan);
    }
  }

  /**
   * advanceThroughPlanChanges: the emulator's clock `days` ahead, stopping a minute past each
   * scheduled plan change inside the advance to deliver its webhooks and await its re-pricing,
   * so that no customer renewal after it is made at the old percentage. Each plan renewal the
   * advance passes is expected at the plan in force then.
   */
  async advance(days: number) {
    const emulator = this.env.emulatorUrl();
    if (!this.isEnabled || this.planSubscriptions.every((id) => id === null)) {
      await this.env.postJson(`${emulator}/_emulator/clock/advance`, { days });
      await this.env.deliverWebhooks();
      return;
    }
    const target = (await this.clock()) + days * 86_400;
    for (;;) {
      const states = await Promise.all(
        this.env.creators.map((_, i) => (this.planSubscriptions[i] ? this.read(i) : null)),
      );
      const scheduled = states.flatMap((state, creator) => {
        const change = state?.scheduledChange;
        const at = change ? seconds(change.at) : Number.POSITIVE_INFINITY;
        return change && at < target ? [{ creator, plan: change.plan, at }] : [];
      });
      const first = Math.min(...scheduled.map((change) => change.at));
      const step = Math.min(target, first + 60);
      for (const [creator, state] of states.entries()) {
        const next = state?.nextCharge;
        if (!next || seconds(next.at) > step) continue;
        const plan = planAt(this.timelines[creator]!, seconds(next.at));
        const cents = planById(plan).monthlyPriceCents;
        if (next.amountCents !== cents)
          this.fail(
            creator,
            `next charge ${next.amountCents} cents at ${next.at}, ${plan} costs ${cents}`,
          );
        if (cents > 0)
          this.expectedCharges[creator]!.push({ cents, what: `${plan} from ${next.at}` });
      }
      await this.env.postJson(`${emulator}/_emulator/clock/advance`, { to: step });
      await this.env.deliverWebhooks();
      for (const change of scheduled.filter((c) => c.at <= step)) {
        await this.awaitRepricing(change.creator, change.plan);
      }
      if (step >= target) return;
    }
  }

  private async buy(creator: number, plan: PaidPlanId, card: string) {
    const client = this.env.creators[creator]!;
    const emulator = this.env.emulatorUrl();
    const paymentMethodId = await stripeJs(emulator, "/v1/payment_methods", {
      type: "card",
      "card[number]": card,
      "card[exp_month]": "12",
      "card[exp_year]": "2035",
      "card[cvc]": "123",
    });
    const start = startPlanResponseSchema.parse(
      await client.call("POST", "/api/plan/start", {
        plan,
        paymentMethodId: paymentMethodId.id,
        attemptId: randomUUID(),
      }),
    );
    if (start.clientSecret) {
      const intentId = start.clientSecret.split("_secret_")[0]!;
      const intent = await stripeJs(emulator, `/v1/payment_intents/${intentId}/confirm`, {
        client_secret: start.clientSecret,
        payment_method: paymentMethodId.id,
      });
      if (intent.status === "requires_action") {
        // The bank's 3-D Secure page, approved.
        const response = await fetch(`${emulator}/3ds/${intentId}/complete`, {
          method: "POST",
          headers: { Accept: "application/json" },
        });
        if (!response.ok)
          throw new Error(`3-D Secure: ${response.status} ${await response.text()}`);
      }
    }
    const confirmed = creatorPlanSchema.parse(
      await client.call("POST", "/api/plan/confirm", { subscriptionId: start.subscriptionId }),
    );
    this.planSubscriptions[creator] = start.subscriptionId;
    if (confirmed.plan !== plan)
      this.fail(creator, `bought ${plan}, confirm answered ${confirmed.plan}`);
    const paid = confirmed.invoices.filter((invoice) => invoice.status === "paid");
    if (paid.length !== 1) this.fail(creator, `bought ${plan}: ${paid.length} paid plan invoices`);
    // In force from the second after the purchase was recorded, as the Account tab says.
    const from = confirmed.since ? seconds(confirmed.since) : await this.clock();
    this.timelines[creator]!.push({ plan, from });
    const cents = planById(plan).monthlyPriceCents;
    this.expectedCharges[creator]!.push({ cents, what: `${plan} bought` });
    await this.awaitRepricing(creator, plan);
  }

  private async change(creator: number, plan: PlanId) {
    const client = this.env.creators[creator]!;
    const previewed = await client.call("POST", "/api/plan/change/preview", { plan });
    const preview = planChangePreviewSchema.parse(previewed);
    // The moment the preview priced the proration at, sent back as the dialog does, when the
    // server gives one: the upgrade is then charged what was previewed and in force from then.
    const { prorationDate } = previewed as { prorationDate?: number };
    const changed = creatorPlanSchema.parse(
      await client.call("POST", "/api/plan/change", {
        plan,
        ...(preview.kind === "upgrade" && prorationDate ? { prorationDate } : {}),
      }),
    );
    if (preview.kind === "upgrade") {
      const from = changed.since ? seconds(changed.since) : await this.clock();
      this.timelines[creator]!.push({ plan, from });
      this.expectedCharges[creator]!.push({
        cents: preview.dueNowCents,
        what: `upgrade to ${plan}`,
      });
      if (changed.plan !== plan)
        this.fail(creator, `upgraded to ${plan}, the answer says ${changed.plan}`);
      await this.awaitRepricing(creator, plan);
      return;
    }
    // A downgrade or leaving: at the end of the paid month.
    const scheduled = changed.scheduledChange;
    if (scheduled?.plan !== plan || scheduled.at !== preview.effectiveAt) {
      this.fail(
        creator,
        `${preview.kind} to ${plan} at ${preview.effectiveAt}, scheduled ${JSON.stringify(scheduled)}`,
      );
    }
    this.timelines[creator]!.push({ plan, from: seconds(scheduled?.at ?? preview.effectiveAt) });
  }

  /**
   * Until every live subscription of the creator carries `plan`'s percentage of its own price
   * (the re-pricing jobs), or two minutes have passed: each one still off is a mismatch.
   */
  private async awaitRepricing(creator: number, plan: PlanId) {
    const started = performance.now();
    let pending = this.env.subscriptionsOf(creator);
    let off: string[] = [];
    while (pending.length > 0) {
      off = [];
      const still: string[] = [];
      await Promise.all(
        pending.map(async (id) => {
          const subscription = await this.env.stripe.subscriptions.retrieve(id);
          if (!INVOICING.has(subscription.status)) return;
          const price = subscription.items.data[0]?.price.unit_amount ?? 0;
          const percent = subscriptionFeePercent(plan, price);
          if (subscription.application_fee_percent === percent) return;
          still.push(id);
          off.push(
            `${id} at ${subscription.application_fee_percent}% (${plan}: ${percent}% of ${price})`,
          );
        }),
      );
      pending = still;
      if (pending.length === 0 || performance.now() - started > REPRICING_WAIT_MS) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    if (pending.length > 0)
      this.fail(creator, `not re-priced to ${plan} after two minutes: ${off.join("; ")}`);
    this.repricing.waits += 1;
    this.repricing.seconds += (performance.now() - started) / 1000;
  }

  /** GET /api/plan as the creator. */
  async read(creator: number): Promise<CreatorPlan> {
    return creatorPlanSchema.parse(await this.env.creators[creator]!.call("GET", "/api/plan"));
  }

  /** The emulator's clock, unix seconds. */
  async clock(): Promise<number> {
    const response = await fetch(`${this.env.emulatorUrl()}/_emulator/clock`);
    return ((await response.json()) as { now: number }).now;
  }

  fail(creator: number, what: string) {
    this.mismatches.push(`creator ${creator + 1}: ${what}`);
  }
}

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** What Stripe.js does in the browser, with the publishable key. */
async function stripeJs(emulatorUrl: string, path: string, fields: Record<string, string>) {
  const response = await fetch(`${emulatorUrl}${path}`, {
    method: "POST",
    headers: {
      Authorization: "Bearer pk_test_emulator",
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields),
  });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string; status?: string };
}
