import type { Offering } from "@contracts/offerings";
import { Layers, Plus } from "lucide-react";
import { LoadError } from "@/components/load-error";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useOfferings } from "@/lib/shared-queries";
import { type OfferingActions, OfferingCard } from "./offering-card";

// grid-cols-1 is minmax(0, 1fr): a card never widens its column past a phone's width.
const gridClasses = "grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3";

interface OfferingsGridProps {
  onCreate: () => void;
  onEdit: (offering: Offering) => void;
  /** More buttons on each card, from other features (see OfferingActions). */
  actions?: OfferingActions | undefined;
}

/** The creator's offerings as cards, or the empty state that invites the first one. */
export function OfferingsGrid({ onCreate, onEdit, actions }: OfferingsGridProps) {
  const offerings = useOfferings();

  if (offerings.isPending) {
    return (
      <div role="status" className={gridClasses}>
        <span className="sr-only">Loading your subscriptions...</span>
        {[0, 1, 2].map((i) => (
          <div
            key={i}
            aria-hidden
            className="h-80 animate-pulse rounded-xl border border-gray-200 bg-gray-100"
          />
        ))}
      </div>
    );
  }
  if (offerings.isError) {
    return (
      <LoadError
        what="Your subscriptions"
        onRetry={() => offerings.refetch()}
        isRetrying={offerings.isFetching}
      />
    );
  }
  const list = offerings.data.offerings;
  if (list.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Layers className="size-6" aria-hidden />
        </span>
        <p className="text-base font-semibold text-gray-950">No subscriptions yet</p>
        <p className="max-w-sm text-sm text-gray-600">
          Create a recurring plan for your service, then share its landing page with your customers.
        </p>
        <Button onClick={onCreate} className="mt-2">
          <Plus className="size-4" aria-hidden /> Create Your First Subscription
        </Button>
      </Card>
    );
  }
  return (
    <ul className={gridClasses}>
      {list.map((offering) => (
        <li key={offering.id} className="flex min-w-0">
          <OfferingCard offering={offering} onEdit={() => onEdit(offering)} actions={actions} />
        </li>
      ))}
    </ul>
  );
}
