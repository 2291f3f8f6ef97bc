import type { SubscriberFilter } from "@contracts/subscribers";
import { Search } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Input, Select } from "@/components/ui/input";
import { useOfferings } from "@/lib/shared-queries";

const SEARCH_DELAY_MS = 300;

interface SubscriberFiltersProps {
  filter: SubscriberFilter;
  /** Each control sends only what it changes. */
  onChange: (change: Partial<SubscriberFilter>, options?: { replace?: boolean }) => void;
}

type TypedKey = "q" | "postalCode";

/**
 * A text box whose value reaches the address a moment after typing stops, writing only its own
 * key (so it never puts back another filter's old value).
 */
function useTypedFilter(
  key: TypedKey,
  current: string | undefined,
  onChange: SubscriberFiltersProps["onChange"],
) {
  const [typed, setTyped] = useState(current ?? "");

  // The address can change under us (back button, "Clear filters"): follow it.
  useEffect(
    () => setTyped((text) => ((text.trim() || undefined) === current ? text : (current ?? ""))),
    [current],
  );

  // Typing replaces the address entry rather than adding one per keystroke.
  useEffect(() => {
    const value = typed.trim() || undefined;
    if (value === current) return;
    const timer = setTimeout(() => onChange({ [key]: value }, { replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key, typed, current, onChange]);

  return [typed, setTyped] as const;
}

/**
 * Search by name, e-mail or postal code, the subscription, status and postal code filters, and
 * the sort.
 */
export function SubscriberFilters({ filter, onChange }: SubscriberFiltersProps) {
  const id = useId();
  const offerings = useOfferings();
  const [search, setSearch] = useTypedFilter("q", filter.q, onChange);
  const [postalCode, setPostalCode] = useTypedFilter("postalCode", filter.postalCode, onChange);

  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))]">
      <div className="space-y-1.5 sm:col-span-2 lg:col-span-1">
        <label htmlFor={`${id}-q`} className="block text-sm font-medium text-gray-800">
          Search
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500"
            aria-hidden
          />
          <Input
            id={`${id}-q`}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Name, e-mail or postal code"
            maxLength={100}
            autoComplete="off"
            className="pl-9"
          />
        </div>
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-offering`} className="block text-sm font-medium text-gray-800">
          Subscription
        </label>
        <Select
          id={`${id}-offering`}
          value={filter.offering ?? ""}
          onChange={(event) => onChange({ offering: event.target.value || undefined })}
        >
          <option value="">All subscriptions</option>
          {offerings.data?.offerings.map((offering) => (
            <option key={offering.id} value={offering.id}>
              {offering.title}
            </option>
          ))}
        </Select>
        {/* A failed load is not "no subscriptions to pick from". */}
        {offerings.isError && !offerings.data ? (
          <p className="text-xs text-red-800" role="alert">
            Your subscriptions could not be loaded.{" "}
            <button
              type="button"
              className="font-medium underline underline-offset-2"
              onClick={() => offerings.refetch()}
              disabled={offerings.isFetching}
            >
              {offerings.isFetching ? "Retrying..." : "Try again"}
            </button>
          </p>
        ) : null}
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-status`} className="block text-sm font-medium text-gray-800">
          Status
        </label>
        <Select
          id={`${id}-status`}
          value={filter.status ?? ""}
          onChange={(event) =>
            onChange({ status: (event.target.value || undefined) as SubscriberFilter["status"] })
          }
        >
          <option value="">Any status</option>
          <option value="active">Active</option>
          <option value="trial">Trial</option>
          <option value="past_due">Past due</option>
          <option value="paused">Paused</option>
          <option value="ending">Ending</option>
          <option value="cancelled">Cancelled</option>
        </Select>
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-postal`} className="block text-sm font-medium text-gray-800">
          Postal code
        </label>
        <Input
          id={`${id}-postal`}
          value={postalCode}
          // Letters, digits, spaces and hyphens: what the API takes as a prefix.
          onChange={(event) => setPostalCode(event.target.value.replace(/[^A-Za-z0-9 -]/g, ""))}
          placeholder="Starts with, e.g. 941"
          maxLength={12}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-sort`} className="block text-sm font-medium text-gray-800">
          Sort by
        </label>
        <Select
          id={`${id}-sort`}
          value={filter.sort ?? "joined"}
          onChange={(event) =>
            onChange({ sort: event.target.value === "name" ? "name" : undefined })
          }
        >
          <option value="joined">Newest first</option>
          <option value="name">Name (A–Z)</option>
        </Select>
      </div>
    </div>
  );
}
