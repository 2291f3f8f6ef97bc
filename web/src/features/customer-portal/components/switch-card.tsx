import { formatCadencePrice } from "@contracts/cadence";
import type { CustomerPortal } from "@contracts/customer-portal";
import type { SwitchPreview } from "@contracts/subscription-control";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { useHydrated } from "@/lib/use-hydrated";
import { usePreviewSwitch } from "../api/preview-switch";
import type { SubscriberRef } from "../api/subscriber-ref";
import { useSwitchOffering } from "../api/switch-offering";
import type { ReportOutcome } from "../lib/portal-banner";
import { useDateFormat } from "../lib/portal-dates";

// Radix's dialog loads on the first tap, as the page's other dialogs do.
const SwitchDialog = lazy(() =>
  import("./switch-dialog").then((m) => ({ default: m.SwitchDialog })),
);

/** "Switch plan": the business's other offerings, each previewed at Stripe before it is chosen. */
export function SwitchCard({
  subscriberRef,
  portal,
  onOutcome,
}: {
  subscriberRef: SubscriberRef;
  portal: CustomerPortal;
  onOutcome: ReportOutcome;
}) {
  const { switchOptions, canSwitch, pendingSwitch } = portal.controls;
  const previewSwitch = usePreviewSwitch(subscriberRef);
  const switchOffering = useSwitchOffering(subscriberRef);
  const [preview, setPreview] = useState<SwitchPreview | null>(null);
  const hydrated = useHydrated();
  const dateOf = useDateFormat();
  const previewingId = previewSwitch.isPending ? previewSwitch.variables : null;

  async function choose(offeringId: string) {
    try {
      setPreview(await previewSwitch.mutateAsync(offeringId));
    } catch (caught) {
      onOutcome({ tone: "error", text: errorMessage(caught, "Failed to check that plan") });
    }
  }

  async function confirmSwitch(chosen: SwitchPreview) {
    try {
      await switchOffering.mutateAsync({
        offeringId: chosen.offeringId,
        prorationDate: chosen.prorationDate,
      });
      onOutcome({
        tone: "success",
        text:
          chosen.kind === "upgrade"
            ? `You're now on ${chosen.title}.`
            : `You'll switch to ${chosen.title} on ${dateOf(chosen.effectiveAt)}.`,
      });
    } catch (caught) {
      onOutcome({ tone: "error", text: errorMessage(caught, "Failed to switch plan") });
    } finally {
      setPreview(null);
    }
  }

  return (
    <section aria-labelledby="switch-heading">
      <Card className="space-y-3 p-5">
        <h2 id="switch-heading" className="text-base font-semibold text-gray-950">
          Switch plan
        </h2>
        {pendingSwitch ? (
          <p className="rounded-lg border border-gray-200 bg-gray-50 px-4 py-3 text-sm font-medium text-gray-950">
            Switching to {pendingSwitch.offeringTitle} on{" "}
            <time dateTime={pendingSwitch.effectiveAt}>{dateOf(pendingSwitch.effectiveAt)}</time>
          </p>
        ) : null}
        {/* A waiting switch is itself the reason no other can start: it is said once, above. */}
        {canSwitch.available || pendingSwitch ? null : (
          <p className="text-sm text-gray-600">{canSwitch.reason}</p>
        )}
        <ul className="divide-y divide-gray-100">
          {switchOptions.map((option) => (
            <li key={option.offeringId} className="flex items-center justify-between gap-4 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words text-gray-950">{option.title}</p>
                <p className="tabular text-sm text-gray-600">
                  {formatCadencePrice(option.priceCents, option.cadence)}
                </p>
              </div>
              {canSwitch.available ? (
                <Button
                  variant="secondary"
                  className="shrink-0"
                  onClick={() => choose(option.offeringId)}
                  disabled={previewSwitch.isPending || !hydrated}
                >
                  {previewingId === option.offeringId ? (
                    "Checking..."
                  ) : (
                    <>
                      {option.kind === "upgrade" ? "Upgrade" : "Downgrade"}
                      <span className="sr-only"> to {option.title}</span>
                    </>
                  )}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      </Card>
      {preview ? (
        <Suspense fallback={null}>
          <SwitchDialog
            preview={preview}
            isSwitching={switchOffering.isPending}
            onOpenChange={(open) => (open ? undefined : setPreview(null))}
            onConfirm={() => confirmSwitch(preview)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
