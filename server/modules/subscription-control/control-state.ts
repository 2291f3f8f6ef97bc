import type Stripe from "stripe";
import type { Cadence } from "../../../contracts/cadence";
import type {
  Availability,
  PortalControls,
  SwitchOption,
} from "../../../contracts/subscription-control";
import type { SubscriberStatus } from "../../db/schema/app";

// What a customer can do with their subscription right now, and why not when they can't: the
// one place the self-service page's controls and the routes that act on them agree on.

export interface ControlState {
  status: SubscriberStatus;
  /** Stripe's status as last synced; null for a free subscription (no Stripe subscription). */
  stripeStatus: string | null;
  priceCents: number;
  cadence: Cadence;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
  pause: { until: Date | null } | null;
  pendingSwitch: { offeringTitle: string; priceCents: number; effectiveAt: Date } | null;
  /** The offering's setting: 0 means customers can't pause. */
  maxPausePeriods: number;
  /** The business's other active paid offerings of the same cadence. */
  switchTargets: Array<{ id: string; title: string; priceCents: number }>;
}

export const CONTROL_MESSAGES = {
  ended: "This subscription has ended.",
  notStarted: "This subscription isn't active yet.",
  // The page's banner already says the payment failed: these say what it blocks, not that again.
  pastDuePause: "You can pause once the payment that didn't go through is paid.",
  pastDueSwitch: "You can switch once the payment that didn't go through is paid.",
  ending: "Your subscription is set to end. Resume it first.",
  trialPause: "You can pause once your free trial has ended.",
  trialSwitch: "You can switch once your free trial has ended.",
  free: "A free subscription has nothing to pause or switch.",
  noPausing: "Pausing isn't offered for this subscription.",
  alreadyPaused: "Your subscription is already paused. Resume it first to change the pause.",
  pausedSwitch: "Resume your subscription before switching.",
  notEnding: "Your subscription isn't set to end: there is nothing to resume.",
  notPaused: "Your subscription isn't paused.",
} as const;

/** A date as the page and its messages say it: "June 1, 2027" (UTC, Stripe's day). */
export const formatDay = (date: Date) =>
  date.toLocaleDateString("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });

const yes: Availability = { available: true, reason: null };
const no = (reason: string): Availability => ({ available: false, reason });

/**
 * Our rows, corrected by Stripe's subscription as just read: what changes at Stripe without us
 * asking (a renewal failing, a pause lifting, the period ending) may not be synced yet.
 */
export function withStripeState(
  state: ControlState,
  subscription: Stripe.Subscription,
): ControlState {
  const { status } = subscription;
  const isOver = status === "canceled" || status === "incomplete_expired";
  const isOverdue = status === "past_due" || status === "unpaid";
  return {
    ...state,
    status: isOver ? "cancelled" : isOverdue ? "past_due" : state.status,
    stripeStatus: status,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    pause: subscription.pause_collection ? (state.pause ?? { until: null }) : null,
  };
}

/** What stops any change to the subscription's billing, before the action's own rules. */
function commonBlock(state: ControlState, own: { pastDue: string; trial: string }): string | null {
  if (state.status === "cancelled") return CONTROL_MESSAGES.ended;
  if (state.stripeStatus === null || state.priceCents === 0) return CONTROL_MESSAGES.free;
  if (state.stripeStatus === "incomplete") return CONTROL_MESSAGES.notStarted;
  if (state.status === "past_due") return own.pastDue;
  if (state.cancelAtPeriodEnd) return CONTROL_MESSAGES.ending;
  if (state.stripeStatus === "trialing") return own.trial;
  return null;
}

export function pauseAvailability(state: ControlState): Availability {
  if (state.maxPausePeriods === 0) return no(CONTROL_MESSAGES.noPausing);
  const blocked = commonBlock(state, {
    pastDue: CONTROL_MESSAGES.pastDuePause,
    trial: CONTROL_MESSAGES.trialPause,
  });
  if (blocked) return no(blocked);
  if (state.pause) return no(CONTROL_MESSAGES.alreadyPaused);
  return yes;
}

export function switchAvailability(state: ControlState): Availability {
  const blocked = commonBlock(state, {
    pastDue: CONTROL_MESSAGES.pastDueSwitch,
    trial: CONTROL_MESSAGES.trialSwitch,
  });
  if (blocked) return no(blocked);
  if (state.pause) return no(CONTROL_MESSAGES.pausedSwitch);
  if (state.pendingSwitch) {
    const { offeringTitle, effectiveAt } = state.pendingSwitch;
    return no(`You're already switching to ${offeringTitle} on ${formatDay(effectiveAt)}.`);
  }
  return yes;
}

/** Costs the same or more: charged now, prorated. Less: from the next renewal. */
export function switchKindOf(fromCents: number, toCents: number): SwitchOption["kind"] {
  return toCents >= fromCents ? "upgrade" : "downgrade";
}

export function portalControlsOf(state: ControlState): PortalControls {
  const isLive = state.status !== "cancelled";
  const renews =
    isLive && !state.cancelAtPeriodEnd && state.priceCents > 0 && state.stripeStatus !== null;
  const switchable = isLive && state.stripeStatus !== null && state.priceCents > 0;
  return {
    endsAt:
      isLive && state.cancelAtPeriodEnd ? (state.currentPeriodEnd?.toISOString() ?? null) : null,
    pause: isLive && state.pause ? { until: state.pause.until?.toISOString() ?? null } : null,
    nextChargeAt: renews
      ? ((state.pause ? state.pause.until : state.currentPeriodEnd)?.toISOString() ?? null)
      : null,
    pendingSwitch:
      isLive && state.pendingSwitch
        ? {
            offeringTitle: state.pendingSwitch.offeringTitle,
            priceCents: state.pendingSwitch.priceCents,
            effectiveAt: state.pendingSwitch.effectiveAt.toISOString(),
          }
        : null,
    canPause: { ...pauseAvailability(state), maxPeriods: state.maxPausePeriods },
    canSwitch: switchAvailability(state),
    switchOptions: switchable
      ? state.switchTargets
          .map((target) => ({
            offeringId: target.id,
            title: target.title,
            priceCents: target.priceCents,
            cadence: state.cadence,
            kind: switchKindOf(state.priceCents, target.priceCents),
          }))
          .sort((a, b) => a.priceCents - b.priceCents)
      : [],
  };
}
