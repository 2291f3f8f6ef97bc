import { formatMonthlyPrice } from "@contracts/money";
import type { Offering } from "@contracts/offerings";
import { Check, Copy, ExternalLink, Pencil } from "lucide-react";
import { useState } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";
import { useSetOfferingActive } from "../api/offerings";

export function OfferingCard({ offering, onEdit }: { offering: Offering; onEdit: () => void }) {
  const setActive = useSetOfferingActive();
  const [isCopied, setIsCopied] = useState(false);
  const publicUrl = `${window.location.origin}${paths.landing.getHref(offering.customUrl)}`;

  async function copy() {
    await navigator.clipboard.writeText(publicUrl);
    setIsCopied(true);
    setTimeout(() => setIsCopied(false), 2000);
  }

  return (
    <Card className="flex flex-col p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="truncate text-base font-semibold text-gray-950">{offering.title}</h3>
          <p className="text-sm text-gray-600">{offering.subcategory}</p>
        </div>
        <span
          className={cn(
            "inline-flex shrink-0 items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium",
            offering.isActive ? "bg-brand-50 text-brand-800" : "bg-gray-100 text-gray-700",
          )}
        >
          <span
            aria-hidden
            className={cn(
              "size-1.5 rounded-full",
              offering.isActive ? "bg-brand-600" : "bg-gray-400",
            )}
          />
          {offering.isActive ? "Active" : "Inactive"}
        </span>
      </div>
      <p className="mt-3 line-clamp-3 text-sm text-gray-700">{offering.description}</p>
      <p className="tabular mt-4 text-xl font-semibold text-gray-950">
        {formatMonthlyPrice(offering.priceCents)}
      </p>
      <p className="text-xs text-gray-500">
        Created {new Date(offering.createdAt).toLocaleDateString()}
      </p>
      <div className="mt-4">
        <label htmlFor={`url-${offering.id}`} className="text-xs font-medium text-gray-700">
          Public URL
        </label>
        <div className="mt-1 flex gap-1">
          <input
            id={`url-${offering.id}`}
            readOnly
            value={publicUrl}
            className="h-9 min-w-0 flex-1 rounded-lg border border-gray-200 bg-gray-50 px-2 text-xs text-gray-700"
            onFocus={(e) => e.target.select()}
          />
          <Button
            variant="secondary"
            size="sm"
            onClick={copy}
            aria-label={`Copy the public URL of ${offering.title}`}
          >
            {isCopied ? (
              <Check className="size-4" aria-hidden />
            ) : (
              <Copy className="size-4" aria-hidden />
            )}
            <span className="sr-only sm:not-sr-only">{isCopied ? "Copied!" : "Copy"}</span>
          </Button>
          <a
            href={publicUrl}
            target="_blank"
            rel="noreferrer"
            className={buttonClasses("secondary", "sm")}
            aria-label={`Open the landing page of ${offering.title}`}
          >
            <ExternalLink className="size-4" aria-hidden />
          </a>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap gap-2 border-t border-gray-100 pt-4">
        <Button
          variant="secondary"
          size="sm"
          disabled={setActive.isPending}
          onClick={() => setActive.mutate({ id: offering.id, isActive: !offering.isActive })}
        >
          {setActive.isPending ? "Saving..." : offering.isActive ? "Deactivate" : "Activate"}
        </Button>
        <Button variant="secondary" size="sm" onClick={onEdit}>
          <Pencil className="size-4" aria-hidden /> Edit
        </Button>
        <a
          href={paths.landing.getHref(offering.customUrl)}
          target="_blank"
          rel="noreferrer"
          className={buttonClasses("ghost", "sm")}
        >
          View Landing Page
        </a>
      </div>
      {setActive.isError ? (
        <p className="mt-2 text-sm text-red-700">Could not change the status. Please try again.</p>
      ) : null}
    </Card>
  );
}
