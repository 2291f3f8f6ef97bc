import {
  type SubscriberFilter,
  type SubscriberSort,
  type SubscriberStatusFilter,
  subscriberSorts,
  subscriberStatusFilters,
} from "@contracts/subscribers";

/** The list's query lives in the address bar, so a view can be bookmarked and shared. */
const keys = ["q", "offering", "status", "sort", "postalCode"] as const;

const isStatus = (value: string | null): value is SubscriberStatusFilter =>
  subscriberStatusFilters.some((s) => s === value);
const isSort = (value: string | null): value is SubscriberSort =>
  subscriberSorts.some((s) => s === value);
/** What the API accepts as a postal code filter (contracts/subscribers.ts). */
const POSTAL_CODE = /^[A-Za-z0-9 -]{1,12}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads the filter from the address; a value that can't be right is ignored, not sent. */
export function filterFromSearchParams(params: URLSearchParams): SubscriberFilter {
  const q = params.get("q")?.trim().slice(0, 100);
  const offering = params.get("offering");
  const status = params.get("status");
  const sort = params.get("sort");
  const postalCode = params.get("postalCode")?.trim();
  return {
    q: q || undefined,
    offering: offering && UUID.test(offering) ? offering : undefined,
    status: isStatus(status) ? status : undefined,
    sort: isSort(sort) && sort !== "joined" ? sort : undefined,
    postalCode: postalCode && POSTAL_CODE.test(postalCode) ? postalCode : undefined,
  };
}

/**
 * Writes a change into the address: only the keys it names (present, even if undefined), so a
 * change to one filter can never put back another's old value. The tab's parameter stays.
 */
export function withFilter(
  params: URLSearchParams,
  change: Partial<SubscriberFilter>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of keys) {
    if (!(key in change)) continue;
    const value = change[key];
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

/** The same filter as an API query string ("" when there is none). */
export function filterQueryString(filter: SubscriberFilter): string {
  const params = withFilter(new URLSearchParams(), filter);
  const text = params.toString();
  return text ? `?${text}` : "";
}

export const isFiltered = (filter: SubscriberFilter) =>
  Boolean(filter.q || filter.offering || filter.status || filter.postalCode);

export function exportHref(kind: "subscribers" | "payments", filter: SubscriberFilter) {
  return `/api/subscribers/export/${kind}.csv${filterQueryString(filter)}`;
}
