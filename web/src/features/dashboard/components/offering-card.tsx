import { formatSubscriptionPrice } from "@contracts/cadence";
import { findCategory } from "@contracts/catalogue";
import type { Offering } from "@contracts/offerings";
import { Check, Copy, ExternalLink, Pencil, Power } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { trialLength } from "@/lib/price-words";
import { useSetOfferingStatus } from "../api/set-offering-status";
import { CategoryIcon } from "./category-icon";
import { useToast } from "./dashboard-toasts";
import { DeactivateOfferingDialog } from "./deactivate-offering-dialog";
import { OfferingStatusLabel } from "./offering-status-label";

const COPIED_FEEDBACK_MS = 2000;

/** The address a creator shares: our host plus /landing/{customUrl} (spec section 9). */
function publicUrlOf(offering: Offering): string {
  return `${window.location.origin}${paths.landing.getHref(offering.customUrl)}`;
}

/**
 * Buttons another feature adds to a card (the waitlist's), given by the app layer: features
 * don't import each other. They sit in the card's two-column action grid; one that wants a
 * whole row says col-span-2.
 */
export type OfferingActions = (offering: Offering) => ReactNode;

export function OfferingCard({
  offering,
  onEdit,
  actions,
}: {
  offering: Offering;
  onEdit: () => void;
  actions?: OfferingActions | undefined;
}) {
  const setStatus = useSetOfferingStatus();
  const notify = useToast();
  const urlInput = useRef<HTMLInputElement>(null);
  const [isCopied, setIsCopied] = useState(false);
  const [isDeactivateOpen, setIsDeactivateOpen] = useState(false);
  const publicUrl = publicUrlOf(offering);
  const urlInputId = `offering-url-${offering.id}`;
  const trial = trialLength(offering.trialDays, offering.priceCents);

  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [isCopied]);

  async function copyUrl() {
    try {
      await navigator.clipboard.writeText(publicUrl);
      setIsCopied(true);
    } catch {
      // No clipboard permission (or not a secure context): select it so Ctrl+C works.
      urlInput.current?.select();
      notify("error", "Couldn't copy automatically. The URL is selected: press Ctrl+C to copy it.");
    }
  }

  /** Activating is immediate; deactivating asks first, since subscribers may be affected. */
  function toggleStatus() {
    if (offering.isActive) {
      setIsDeactivateOpen(true);
      return;
    }
    setStatus.mutate(
      { id: offering.id, isActive: true },
      {
        onSuccess: () =>
          notify("success", `“${offering.title}” is active and visible on its landing page.`),
        onError: (error) =>
          notify("error", errorMessage(error, "Could not change the status. Please try again.")),
      },
    );
  }

  return (
    <Card className="flex w-full min-w-0 flex-col p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="truncate text-base font-semibold text-gray-950" title={offering.title}>
            {offering.title}
          </h3>
          <p className="mt-0.5 flex items-center gap-1.5 text-sm text-gray-600">
            <CategoryIcon categoryId={offering.category} className="size-3.5 shrink-0" />
            <span className="truncate">
              <span className="sr-only">
                {findCategory(offering.category)?.name ?? offering.category}:{" "}
              </span>
              {offering.subcategory}
            </span>
          </p>
        </div>
        <OfferingStatusLabel isActive={offering.isActive} />
      </div>

      <p className="mt-3 line-clamp-3 text-sm text-gray-700">{offering.description}</p>
      <p className="tabular mt-4 text-xl font-semibold text-gray-950">
        {formatSubscriptionPrice(offering.priceCents, offering.cadence)}
      </p>
      {trial ? <p className="text-sm font-medium text-brand-800">{trial}</p> : null}
      <SeatsLine capacity={offering.capacity} waitlistCount={offering.waitlistCount} />
      <p className="text-xs text-gray-500">
        Created{" "}
        <time dateTime={offering.createdAt}>
          {new Date(offering.createdAt).toLocaleDateString()}
        </time>
      </p>

      <div className="mt-4">
        <label htmlFor={urlInputId} className="text-xs font-medium text-gray-700">
          Public URL
        </label>
        <div className="mt-1 flex gap-1">
          <input
            ref={urlInput}
            id={urlInputId}
            readOnly
            value={publicUrl}
            title={publicUrl}
            className="h-8 min-w-0 flex-1 rounded-lg border border-gray-200 bg-gray-50 px-2 text-xs text-gray-700 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20"
            onFocus={(event) => event.target.select()}
          />
          <Button
            variant="secondary"
            size="sm"
            onClick={copyUrl}
            aria-label={`Copy the public URL of ${offering.title}`}
            className={cn("w-[6.5rem] shrink-0", isCopied && "border-brand-300 text-brand-800")}
          >
            {isCopied ? (
              <Check className="size-4 shrink-0" aria-hidden />
            ) : (
              <Copy className="size-4 shrink-0" aria-hidden />
            )}
            {isCopied ? "Copied!" : "Copy"}
          </Button>
          <a
            href={publicUrl}
            target="_blank"
            rel="noreferrer"
            className={cn(buttonClasses("secondary", "sm"), "shrink-0 px-2")}
            aria-label={`Open the public URL of ${offering.title} in a new tab`}
          >
            <ExternalLink className="size-4 shrink-0" aria-hidden />
          </a>
        </div>
        {/* Announces the copy to screen readers; the button's own name stays stable. */}
        <span className="sr-only" aria-live="polite">
          {isCopied ? "Copied!" : ""}
        </span>
      </div>

      {/* Pushes the actions to the bottom so cards in a row line up. */}
      <div className="min-h-4 flex-1" />
      <div className="grid grid-cols-2 gap-2 border-t border-gray-100 pt-4">
        <Button
          variant="secondary"
          size="sm"
          disabled={setStatus.isPending}
          onClick={toggleStatus}
          aria-label={`${offering.isActive ? "Deactivate" : "Activate"} ${offering.title}`}
        >
          <Power className="size-4 shrink-0" aria-hidden />
          {setStatus.isPending ? "Activating..." : offering.isActive ? "Deactivate" : "Activate"}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={onEdit}
          aria-label={`Edit ${offering.title}`}
        >
          <Pencil className="size-4 shrink-0" aria-hidden /> Edit
        </Button>
        <a
          href={paths.landing.getHref(offering.customUrl)}
          target="_blank"
          rel="noreferrer"
          className={cn(buttonClasses("secondary", "sm"), "col-span-2")}
        >
          View Landing Page
          <ExternalLink className="size-3.5 shrink-0 text-gray-500" aria-hidden />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
        {actions?.(offering)}
      </div>
      <DeactivateOfferingDialog
        offering={offering}
        open={isDeactivateOpen}
        onOpenChange={setIsDeactivateOpen}
      />
    </Card>
  );
}

/** The capacity and the waitlist's length (issue 22), on one line, when there is either. */
function SeatsLine({
  capacity,
  waitlistCount,
}: {
  capacity: number | null;
  waitlistCount: number;
}) {
  const parts = [
    capacity === null ? null : `Capacity ${capacity.toLocaleString("en-US")}`,
    waitlistCount > 0 ? `${waitlistCount.toLocaleString("en-US")} on the waitlist` : null,
  ].filter((part) => part !== null);
  if (parts.length === 0) return null;
  return <p className="tabular text-sm text-gray-700">{parts.join(" · ")}</p>;
}
