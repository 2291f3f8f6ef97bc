import { formatPeriods } from "@contracts/cadence";
import type { CustomerPortal } from "@contracts/customer-portal";
import type { PauseRequest } from "@contracts/subscription-control";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { useHydrated } from "@/lib/use-hydrated";
import { useEndPause } from "../api/end-pause";
import { usePauseSubscription } from "../api/pause-subscription";
import type { SubscriberRef } from "../api/subscriber-ref";
import type { ReportOutcome } from "../lib/portal-banner";
import { useDateFormat } from "../lib/portal-dates";

// Radix's dialog loads on the first tap, as the page's other dialogs do.
const PauseDialog = lazy(() => import("./pause-dialog").then((m) => ({ default: m.PauseDialog })));

/** "Pause or skip": no charge while paused, and the subscription resumes by itself. */
export function PauseCard({
  subscriberRef,
  portal,
  onOutcome,
}: {
  subscriberRef: SubscriberRef;
  portal: CustomerPortal;
  onOutcome: ReportOutcome;
}) {
  const { controls, subscriber } = portal;
  const { pause, canPause } = controls;
  const pauseSubscription = usePauseSubscription(subscriberRef);
  const endPause = useEndPause(subscriberRef);
  const [mode, setMode] = useState<"skip" | "pause" | null>(null);
  const hydrated = useHydrated();
  const dateOf = useDateFormat();
  const nextChargeWords = (next: string | null) => (next ? ` Next charge on ${dateOf(next)}.` : "");

  async function confirmPause(request: PauseRequest) {
    const isSkip = mode === "skip";
    try {
      const { controls: after } = await pauseSubscription.mutateAsync(request);
      const until = after.pause?.until ?? null;
      onOutcome({
        tone: "success",
        text: isSkip
          ? `The next visit is skipped.${nextChargeWords(until)}`
          : `Your subscription is paused${until ? ` until ${dateOf(until)}` : ""}. You won't be charged while it's paused.`,
      });
    } catch (caught) {
      onOutcome({ tone: "error", text: errorMessage(caught, "Failed to pause your subscription") });
    } finally {
      setMode(null);
    }
  }

  async function resumeNow() {
    try {
      const { controls: after } = await endPause.mutateAsync({});
      onOutcome({
        tone: "success",
        text: `Your subscription is running again.${nextChargeWords(after.nextChargeAt)}`,
      });
    } catch (caught) {
      onOutcome({
        tone: "error",
        text: errorMessage(caught, "Failed to resume your subscription"),
      });
    }
  }

  return (
    <section aria-labelledby="pause-heading">
      <Card className="space-y-3 p-5">
        <h2 id="pause-heading" className="text-base font-semibold text-gray-950">
          Pause or skip
        </h2>
        {pause ? (
          <>
            <p className="text-sm font-medium text-gray-950">
              {pause.until ? (
                <>
                  Paused until <time dateTime={pause.until}>{dateOf(pause.until)}</time>
                </>
              ) : (
                "Paused"
              )}
            </p>
            <p className="text-sm text-gray-600">
              You're not charged while your subscription is paused.
            </p>
            <Button
              size="lg"
              className="w-full sm:h-10 sm:w-auto sm:text-sm"
              onClick={resumeNow}
              disabled={endPause.isPending || !hydrated}
            >
              {endPause.isPending ? "Resuming..." : "Resume now"}
            </Button>
          </>
        ) : canPause.available ? (
          <>
            <p className="text-sm text-gray-600">
              Away for a while? Skip one visit, or pause for up to{" "}
              {formatPeriods(canPause.maxPeriods, subscriber.cadence)}. You're not charged while
              paused.
            </p>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button
                variant="secondary"
                size="lg"
                className="sm:h-10 sm:text-sm"
                onClick={() => setMode("skip")}
                disabled={!hydrated}
              >
                Skip the next visit
              </Button>
              <Button
                variant="secondary"
                size="lg"
                className="sm:h-10 sm:text-sm"
                onClick={() => setMode("pause")}
                disabled={!hydrated}
              >
                Pause
              </Button>
            </div>
          </>
        ) : (
          <p className="text-sm text-gray-600">{canPause.reason}</p>
        )}
      </Card>
      {mode ? (
        <Suspense fallback={null}>
          <PauseDialog
            mode={mode}
            cadence={subscriber.cadence}
            maxPeriods={canPause.maxPeriods}
            nextChargeAt={controls.nextChargeAt}
            isPausing={pauseSubscription.isPending}
            onOpenChange={(open) => (open ? undefined : setMode(null))}
            onConfirm={confirmPause}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
