import type { SubscriberFilter, SubscriberListItem } from "@contracts/subscribers";
import { RotateCw, SearchX, Users } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { ListSkeleton } from "@/components/list-skeleton";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useSubscriberList } from "../api/list-subscribers";
import { filterFromSearchParams, isFiltered, withFilter } from "../lib/subscriber-filter";
import { ExportMenu } from "./export-menu";
import { SubscriberDetailSheet } from "./subscriber-detail-sheet";
import { SubscriberFilters } from "./subscriber-filters";
import { SubscribersTable } from "./subscribers-table";

function Empty({
  icon,
  title,
  children,
}: {
  icon: React.ReactNode;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-2 px-4 py-10 text-center text-sm text-gray-600">
      <span className="text-gray-400">{icon}</span>
      <p className="font-medium text-gray-950">{title}</p>
      <div className="max-w-sm">{children}</div>
    </div>
  );
}

/**
 * Every subscriber of every offering: searched, filtered and sorted through the address bar (so
 * a view can be bookmarked), read a page at a time, each one a click from their detail.
 */
export function SubscribersTab() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = useMemo(() => filterFromSearchParams(searchParams), [searchParams]);
  const list = useSubscriberList(filter);
  const [opened, setOpened] = useState<SubscriberListItem | null>(null);
  // From the address itself, not the last render's copy: a debounced search landing as a status
  // is picked makes two changes before React draws again, and each must keep the other.
  const setFilter = useCallback(
    (change: Partial<SubscriberFilter>, options?: { replace?: boolean }) =>
      setSearchParams(
        () => withFilter(new URLSearchParams(window.location.search), change),
        options,
      ),
    [setSearchParams],
  );
  const rows = list.data?.pages.flatMap((page) => page.subscribers) ?? [];
  const filtered = isFiltered(filter);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-gray-950">Subscribers</h2>
          <p className="text-sm text-gray-600">Everyone subscribed to any of your subscriptions.</p>
        </div>
        <ExportMenu filter={filter} />
      </div>
      <Card className="space-y-4 p-4 sm:p-6">
        <SubscriberFilters filter={filter} onChange={setFilter} />
        <div aria-busy={list.isFetching}>
          {list.isPending ? (
            <>
              <p className="sr-only" role="status">
                Loading subscribers...
              </p>
              <ListSkeleton rows={6} rowClassName="py-3.5" />
            </>
          ) : list.isError ? (
            <Alert tone="error">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span>{errorMessage(list.error, "Subscribers could not be loaded.")}</span>
                <button
                  type="button"
                  onClick={() => list.refetch()}
                  className="inline-flex items-center gap-1 rounded font-medium underline underline-offset-2"
                >
                  <RotateCw className="size-3.5" aria-hidden /> Try again
                </button>
              </div>
            </Alert>
          ) : rows.length === 0 ? (
            filtered ? (
              <Empty
                icon={<SearchX className="size-6" aria-hidden />}
                title="No matching subscribers"
              >
                <p>Nobody matches this search and these filters.</p>
                <Button
                  variant="secondary"
                  size="sm"
                  className="mt-3"
                  onClick={() =>
                    setFilter({
                      q: undefined,
                      offering: undefined,
                      status: undefined,
                      postalCode: undefined,
                    })
                  }
                >
                  Clear filters
                </Button>
              </Empty>
            ) : (
              <Empty icon={<Users className="size-6" aria-hidden />} title="No subscribers yet">
                Share your landing pages; everyone who subscribes shows up here.
              </Empty>
            )
          ) : (
            <>
              <SubscribersTable subscribers={rows} onOpen={setOpened} />
              <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-gray-600">
                <p role="status">
                  {rows.length === 1 ? "1 subscriber" : `${rows.length} subscribers`} shown
                  {list.hasNextPage ? "; there are more" : ""}
                </p>
                {list.hasNextPage ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => list.fetchNextPage()}
                    disabled={list.isFetchingNextPage}
                  >
                    {list.isFetchingNextPage ? <Spinner className="size-4" /> : null}
                    {list.isFetchingNextPage ? "Loading..." : "Show more"}
                  </Button>
                ) : null}
              </div>
            </>
          )}
        </div>
      </Card>
      <SubscriberDetailSheet subscriber={opened} onClose={() => setOpened(null)} />
    </div>
  );
}
