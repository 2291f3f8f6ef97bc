// The simulated year's customers taking control of their subscriptions from the self-service
// link (issue 21), through the real HTTP API as a customer's browser would: pause for two
// periods, skip one, pause and resume now, cancel at the period's end and resume, switch up and
// down. Afterwards what each did is checked against Stripe's invoices and the earnings.
import type Stripe from "stripe";
import { type CustomerPortal, customerPortalSchema } from "../../contracts/customer-portal";
import { switchPreviewSchema } from "../../contracts/subscription-control";
import type { EarningRow } from "./simulated-year-ledger";

/** A subscriber's self-service link, from the finalize answer, and where they call from. */
export interface CustomerLink {
  subscriptionId: string;
  manageKey: string;
  /** The offering's page they subscribed from: a switch must not break a link naming it. */
  customUrl: string;
  /** Their own address: the per-address limits (20 actions a minute) count each apart. */
  address: string;
}

const controlActions = [
  "pause",
  "skip",
  "pauseThenResume",
  "cancelThenResume",
  "upgrade",
  "downgrade",
] as const;
type ControlAction = (typeof controlActions)[number];

interface ControlRecord {
  action: ControlAction;
  link: CustomerLink;
  /** A pause's periods (each one a renewal voided), 0 for one ended at once. */
  periods: number;
  /** A switch: the offering moved to, and what the preview said is due now. */
  toTitle: string | null;
  dueNowCents: number;
}

export interface ControlFigures {
  /** Actions done and confirmed by the page's answer, by kind. */
  counts: Record<ControlAction, number>;
  /** Invoices voided by a pause: each with no payment and no earnings row. */
  voidInvoices: number;
  /** Paid invoices of an upgrade (billing_reason subscription_update), and their sum. */
  prorationInvoices: number;
  prorationCents: number;
  /** Those invoices' earnings rows: one each, of the same amount. */
  prorationEarningsCents: number;
  /** Customers who switched, and those whose first link (its customUrl) still answered 200. */
  switchedCustomers: number;
  switchedLinksWorking: number;
  mismatches: string[];
}

/** Sign-up n's own address, apart from the 198.18/15 ones the sign-ups come from. */
export const customerAddress = (n: number) => `198.20.${Math.floor(n / 250)}.${n % 250}`;

/**
 * Each month, `perMonth` customers per action, taken in turn from the pool (customers who stay:
 * neither failing nor among the monthly cancellations) among those whose page says they can:
 * active, past any trial, not paused, not ending, no switch waiting.
 */
export class CustomerControls {
  readonly records: ControlRecord[] = [];
  readonly mismatches: string[] = [];
  private readonly cursors = new Map<ControlAction, number>();

  constructor(
    private readonly server: () => { baseUrl: string; origin: string },
    private readonly pool: () => readonly CustomerLink[],
    private readonly perMonth: number,
  ) {}

  /** Pauses, skips, resumes: at the start of the month. */
  async startOfMonth() {
    const touched = new Set<string>();
    for (const action of ["pause", "skip", "pauseThenResume", "cancelThenResume"] as const) {
      await this.each(
        action,
        touched,
        (page) => page.controls.canPause.available,
        (link) => this.pauseOrCancel(action, link),
      );
    }
  }

  /** Switches: in the middle of a period, so an upgrade's proration is a part of it. */
  async midMonth() {
    const touched = new Set<string>();
    for (const action of ["upgrade", "downgrade"] as const) {
      const kind = action === "upgrade" ? "upgrade" : "downgrade";
      await this.each(
        action,
        touched,
        (page) =>
          page.controls.canSwitch.available &&
          page.controls.switchOptions.some((o) => o.kind === kind),
        (link, page) => this.switchOffering(action, link, page),
      );
    }
  }

  private async each(
    action: ControlAction,
    touched: Set<string>,
    canDo: (page: CustomerPortal) => boolean,
    act: (link: CustomerLink, page: CustomerPortal) => Promise<void>,
  ) {
    const pool = this.pool();
    let done = 0;
    let cursor = this.cursors.get(action) ?? controlActions.indexOf(action) * 7;
    for (let seen = 0; seen < pool.length && done < this.perMonth; seen += 1) {
      const link = pool[cursor % pool.length]!;
      cursor += 1;
      if (touched.has(link.subscriptionId)) continue;
      const page = await this.page(link);
      if (!page || !isIdle(page) || !canDo(page)) continue;
      touched.add(link.subscriptionId);
      await act(link, page);
      done += 1;
    }
    this.cursors.set(action, cursor);
  }

  private async pauseOrCancel(action: ControlAction, link: CustomerLink) {
    if (action === "cancelThenResume") {
      const cancelled = await this.post<{ endsAt: string | null }>(
        link,
        "/api/cancel-subscription",
        { customUrl: link.customUrl, manageKey: link.manageKey },
      );
      if (!cancelled) return;
      if (!cancelled.endsAt) return this.fail(link, "cancel ended it at once, not at period end");
      const resumed = await this.control(link, "resume", {});
      if (!resumed) return;
      if (resumed.controls.endsAt) return this.fail(link, "still ending after resume");
      return this.record(action, link, 0);
    }
    const periods = action === "skip" ? 1 : 2;
    const paused = await this.control(link, "pause", { periods });
    if (!paused) return;
    if (!paused.controls.pause?.until) return this.fail(link, `${action}: page not paused`);
    if (action !== "pauseThenResume") return this.record(action, link, periods);
    const resumed = await this.control(link, "pause/end", {});
    if (!resumed) return;
    if (resumed.controls.pause) return this.fail(link, "still paused after resume now");
    this.record(action, link, 0);
  }

  private async switchOffering(
    action: "upgrade" | "downgrade",
    link: CustomerLink,
    page: CustomerPortal,
  ) {
    // The nearest price the other way: the cheapest upgrade, the dearest downgrade.
    const options = page.controls.switchOptions.filter((o) => o.kind === action);
    const target = action === "upgrade" ? options[0]! : options.at(-1)!;
    const previewed = await this.post(link, `${this.linkPath(link)}/switch/preview`, {
      offeringId: target.offeringId,
    });
    if (!previewed) return;
    const preview = switchPreviewSchema.parse(previewed);
    if (preview.kind !== action) return this.fail(link, `previewed a ${preview.kind}`);
    const switched = await this.control(link, "switch", {
      offeringId: target.offeringId,
      prorationDate: preview.prorationDate,
    });
    if (!switched) return;
    const moved =
      action === "upgrade"
        ? switched.offering.title === target.title
        : switched.controls.pendingSwitch?.offeringTitle === target.title;
    if (!moved) return this.fail(link, `${action} to ${target.title} not on the page`);
    this.records.push({
      action,
      link,
      periods: 0,
      toTitle: target.title,
      dueNowCents: preview.dueNowCents,
    });
  }

  private record(action: ControlAction, link: CustomerLink, periods: number) {
    this.records.push({ action, link, periods, toTitle: null, dueNowCents: 0 });
  }

  private fail(link: CustomerLink, what: string) {
    this.mismatches.push(`${link.subscriptionId}: ${what}`);
  }

  private linkPath(link: CustomerLink) {
    return `/api/public/customers/${link.customUrl}/${link.manageKey}`;
  }

  /** The self-service page's data, or null (recorded) when the link doesn't answer. */
  async page(link: CustomerLink): Promise<CustomerPortal | null> {
    const response = await this.request(link, "GET", this.linkPath(link));
    if (response.status !== 200) {
      this.fail(link, `GET its page: ${response.status} ${await response.text()}`);
      return null;
    }
    return customerPortalSchema.parse(await response.json());
  }

  private async control(link: CustomerLink, action: string, body: object) {
    const answer = await this.post(link, `${this.linkPath(link)}/${action}`, body);
    return answer ? customerPortalSchema.parse(answer) : null;
  }

  private async post<T = unknown>(link: CustomerLink, path: string, body: object) {
    const response = await this.request(link, "POST", path, body);
    if (response.status !== 200) {
      this.fail(link, `POST ${path}: ${response.status} ${await response.text()}`);
      return null;
    }
    return (await response.json()) as T;
  }

  private request(link: CustomerLink, method: string, path: string, body?: object) {
    const { baseUrl, origin } = this.server();
    return fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        Origin: origin,
        "X-Forwarded-For": link.address,
        ...(body ? { "Content-Type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
  }
}

const isIdle = (page: CustomerPortal) =>
  page.subscriber.paymentStatus === "active" &&
  page.subscriber.trialEndsAt === null &&
  page.controls.endsAt === null &&
  page.controls.pause === null &&
  page.controls.pendingSwitch === null;

/**
 * After the run: a pause's renewals are voided (each with no payment and no earnings row),
 * every one of them once the pause is over; an upgrade's charge is what its preview said and
 * one earnings row; a switched customer's first link still opens their page, on the offering
 * they moved to.
 */
export async function checkControls(input: {
  controls: CustomerControls;
  stripe: Stripe;
  paidInvoices: readonly Stripe.Invoice[];
  earningRows: readonly EarningRow[];
}): Promise<ControlFigures> {
  const { controls, stripe } = input;
  const mismatches: string[] = [];
  const counts = Object.fromEntries(controlActions.map((a) => [a, 0])) as Record<
    ControlAction,
    number
  >;
  for (const record of controls.records) counts[record.action] += 1;
  const rowsByInvoice = new Map<string, EarningRow[]>();
  for (const row of input.earningRows) {
    rowsByInvoice.set(row.invoiceId, [...(rowsByInvoice.get(row.invoiceId) ?? []), row]);
  }

  let voidInvoices = 0;
  let switchedCustomers = 0;
  let switchedLinksWorking = 0;
  const bySubscription = new Map<string, ControlRecord[]>();
  for (const record of controls.records) {
    const id = record.link.subscriptionId;
    bySubscription.set(id, [...(bySubscription.get(id) ?? []), record]);
  }
  for (const [subscriptionId, records] of bySubscription) {
    const link = records[0]!.link;
    const page = await controls.page(link);
    const voided: Stripe.Invoice[] = [];
    for await (const invoice of stripe.invoices.list({
      subscription: subscriptionId,
      status: "void",
      limit: 100,
    }))
      voided.push(invoice);
    voidInvoices += voided.length;
    for (const invoice of voided) {
      const payments = await stripe.invoicePayments.list({ invoice: invoice.id! });
      if (invoice.amount_paid !== 0 || payments.data.length > 0)
        mismatches.push(`void invoice ${invoice.id}: paid ${invoice.amount_paid} cents`);
      if (rowsByInvoice.has(invoice.id!))
        mismatches.push(`void invoice ${invoice.id}: has an earnings row`);
    }
    // The current pause may still have renewals to void; every earlier one has voided all.
    const periods = records.reduce((sum, r) => sum + r.periods, 0);
    const lastPause = records.findLast((r) => r.periods > 0)?.periods ?? 0;
    const least = page?.controls.pause ? periods - lastPause : periods;
    if (voided.length < least || voided.length > periods) {
      mismatches.push(
        `${subscriptionId}: paused for ${periods} periods (${page?.controls.pause ? "still paused" : "over"}), ${voided.length} invoices voided`,
      );
    }

    const lastSwitch = records.findLast((r) => r.toTitle);
    if (lastSwitch) switchedCustomers += 1;
    if (lastSwitch && page) {
      switchedLinksWorking += 1;
      const title = page.controls.pendingSwitch?.offeringTitle ?? page.offering.title;
      if (title !== lastSwitch.toTitle)
        mismatches.push(`${subscriptionId}: switched to ${lastSwitch.toTitle}, page says ${title}`);
    }
  }

  const prorations = input.paidInvoices.filter((i) => i.billing_reason === "subscription_update");
  let prorationEarningsCents = 0;
  for (const invoice of prorations) {
    const rows = rowsByInvoice.get(invoice.id!) ?? [];
    prorationEarningsCents += rows.reduce((sum, row) => sum + row.amountCents, 0);
  }
  const upgrades = controls.records.filter((r) => r.action === "upgrade" && r.dueNowCents > 0);
  for (const upgrade of upgrades) {
    const charged = prorations.filter(
      (i) => i.parent?.subscription_details?.subscription === upgrade.link.subscriptionId,
    );
    if (!charged.some((i) => i.amount_paid === upgrade.dueNowCents)) {
      mismatches.push(
        `${upgrade.link.subscriptionId}: upgrade previewed ${upgrade.dueNowCents} cents, charged [${charged.map((i) => i.amount_paid).join(", ")}]`,
      );
    }
  }
  if (prorations.length !== upgrades.length) {
    mismatches.push(`${prorations.length} proration invoices paid for ${upgrades.length} upgrades`);
  }
  return {
    counts,
    voidInvoices,
    prorationInvoices: prorations.length,
    prorationCents: prorations.reduce((sum, i) => sum + i.amount_paid, 0),
    prorationEarningsCents,
    switchedCustomers,
    switchedLinksWorking,
    // Read last: controls.page records each link that didn't answer 200 here too.
    mismatches: [...controls.mismatches, ...mismatches],
  };
}
