import type { WaitlistEntry } from "@contracts/waitlist";
import { MapPinOff, RotateCw, Users } from "lucide-react";
import { useState } from "react";
import { ListSkeleton } from "@/components/list-skeleton";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Sheet } from "@/components/ui/sheet";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format-date";
import { useWaitlist } from "../api/get-waitlist";
import { useInviteWaitlistEntry } from "../api/invite-waitlist-entry";
import { freeSeatsLine, isOnWaitlist, waitlistStatusLabel } from "../lib/waitlist-words";
import { RemoveEntryDialog } from "./remove-entry-dialog";

/** What the sheet needs of an offering (a subset of contracts/offerings.ts's Offering). */
export interface WaitlistOffering {
  id: string;
  title: string;
  waitlistCount: number;
  capacity: number | null;
}

type Notice = { tone: "success" | "error"; text: string } | null;

const statusTones: Record<WaitlistEntry["status"], string> = {
  waiting: "bg-gray-100 text-gray-800",
  invited: "bg-yellow-50 text-yellow-900 ring-1 ring-yellow-300",
  subscribed: "bg-brand-50 text-brand-800",
  removed: "bg-gray-100 text-gray-600",
  lapsed: "bg-gray-100 text-gray-600",
};

function EntryRow({
  entry,
  position,
  isInviting,
  canAct,
  onInvite,
  onRemove,
}: {
  entry: WaitlistEntry;
  /** 1-based place in the line, for people still on it. */
  position: number | null;
  isInviting: boolean;
  canAct: boolean;
  onInvite: () => void;
  onRemove: () => void;
}) {
  const postalCode = entry.address?.postalCode;
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 gap-3">
        {position !== null ? (
          <span className="tabular mt-0.5 w-6 shrink-0 text-right text-sm font-semibold text-gray-500">
            <span className="sr-only">Place </span>
            {position}
          </span>
        ) : null}
        <div className="min-w-0 space-y-1">
          <p className="truncate text-sm font-medium text-gray-950">{entry.name}</p>
          <p className="truncate text-sm text-gray-600">{entry.email}</p>
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
            {postalCode ? <span className="text-gray-700">{postalCode}</span> : null}
            {entry.isInServiceArea ? null : (
              <span className="inline-flex items-center gap-1 font-medium text-red-800">
                <MapPinOff className="size-3.5" aria-hidden /> Outside your service area
              </span>
            )}
            <span className={`rounded-full px-2 py-0.5 font-medium ${statusTones[entry.status]}`}>
              {waitlistStatusLabel(entry)}
            </span>
          </div>
        </div>
      </div>
      {isOnWaitlist(entry) ? (
        // On a phone the buttons go under the name, in line with it (past the place number).
        <div className="flex shrink-0 gap-2 pl-9 sm:pl-2">
          {entry.status === "waiting" ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={onInvite}
              disabled={!canAct}
              aria-label={`${isInviting ? "Inviting..." : "Invite now"}: ${entry.name}`}
            >
              {isInviting ? "Inviting..." : "Invite now"}
            </Button>
          ) : null}
          <Button
            variant="secondary"
            size="sm"
            onClick={onRemove}
            disabled={!canAct}
            aria-label={`Remove: ${entry.name}`}
          >
            Remove
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/**
 * An offering's waitlist, for its creator: people in the order they joined, whether their
 * address is inside the service area, and where each stands; "Invite now" e-mails someone the
 * link that holds a seat for 48 hours, "Remove" takes them off. Below, the last who left it.
 */
function WaitlistSheet({
  offering,
  open,
  onOpenChange,
}: {
  offering: WaitlistOffering;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const waitlist = useWaitlist(open ? offering.id : null);
  const invite = useInviteWaitlistEntry();
  const [removing, setRemoving] = useState<WaitlistEntry | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const entries = waitlist.data?.entries ?? [];
  const onList = entries.filter(isOnWaitlist);
  const left = entries.filter((entry) => !isOnWaitlist(entry));

  function changeOpen(next: boolean) {
    if (!next) setNotice(null);
    onOpenChange(next);
  }

  function inviteNow(entry: WaitlistEntry) {
    setNotice(null);
    invite.mutate(
      { offeringId: offering.id, entryId: entry.id },
      {
        onSuccess: ({ entry: invited }) =>
          setNotice({
            tone: "success",
            text: invited.inviteExpiresAt
              ? `${entry.name} was e-mailed an invitation; their seat is held until ${formatDateTime(invited.inviteExpiresAt)}.`
              : `${entry.name} was e-mailed an invitation that holds a seat for 48 hours.`,
          }),
        onError: (error) =>
          setNotice({
            tone: "error",
            text: errorMessage(error, `Could not invite ${entry.name}. Please try again.`),
          }),
      },
    );
  }

  return (
    <Sheet
      open={open}
      onOpenChange={changeOpen}
      title={`Waitlist: ${offering.title}`}
      description={
        waitlist.data ? (
          <span className="tabular">
            {offering.capacity === null || waitlist.data.freeSeats === null
              ? freeSeatsLine(waitlist.data.freeSeats)
              : `Capacity ${offering.capacity} · ${freeSeatsLine(waitlist.data.freeSeats)}`}
          </span>
        ) : offering.capacity === null ? (
          "No capacity limit"
        ) : (
          `Capacity ${offering.capacity}`
        )
      }
    >
      <div className="space-y-4" aria-busy={waitlist.isFetching}>
        {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
        {waitlist.isPending ? (
          <>
            <p className="sr-only" role="status">
              Loading the waitlist...
            </p>
            <ListSkeleton rows={4} />
          </>
        ) : waitlist.isError ? (
          <Alert tone="error">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span>{errorMessage(waitlist.error, "The waitlist could not be loaded.")}</span>
              <button
                type="button"
                onClick={() => waitlist.refetch()}
                className="inline-flex items-center gap-1 rounded font-medium underline underline-offset-2"
              >
                <RotateCw className="size-3.5" aria-hidden /> Try again
              </button>
            </div>
          </Alert>
        ) : (
          <>
            <section aria-labelledby="waitlist-waiting-heading" className="space-y-1">
              <h3 id="waitlist-waiting-heading" className="text-sm font-semibold text-gray-950">
                In line <span className="tabular font-normal text-gray-600">({onList.length})</span>
              </h3>
              {onList.length === 0 ? (
                <p className="flex items-center gap-2 py-3 text-sm text-gray-600">
                  <Users className="size-4 text-gray-400" aria-hidden /> Nobody is waiting.
                </p>
              ) : (
                <ol className="divide-y divide-gray-100">
                  {onList.map((entry, index) => (
                    <EntryRow
                      key={entry.id}
                      entry={entry}
                      position={index + 1}
                      isInviting={invite.isPending && invite.variables?.entryId === entry.id}
                      canAct={!invite.isPending}
                      onInvite={() => inviteNow(entry)}
                      onRemove={() => setRemoving(entry)}
                    />
                  ))}
                </ol>
              )}
            </section>
            {left.length > 0 ? (
              <section aria-labelledby="waitlist-left-heading" className="space-y-1">
                <h3 id="waitlist-left-heading" className="text-sm font-semibold text-gray-950">
                  Recently left the waitlist
                </h3>
                <ul className="divide-y divide-gray-100">
                  {left.map((entry) => (
                    <EntryRow
                      key={entry.id}
                      entry={entry}
                      position={null}
                      isInviting={false}
                      canAct={false}
                      onInvite={() => {}}
                      onRemove={() => {}}
                    />
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        )}
      </div>
      <RemoveEntryDialog
        offeringId={offering.id}
        entry={removing}
        onClose={() => setRemoving(null)}
        onRemoved={(entry) =>
          setNotice({ tone: "success", text: `${entry.name} was removed from the waitlist.` })
        }
      />
    </Sheet>
  );
}

/**
 * The offering card's "Waitlist (N)" button and the sheet it opens; it spans both columns of
 * the card's action grid. Nothing for an offering without a capacity and nobody waiting: it
 * can't have a waitlist.
 */
export function WaitlistButton({ offering }: { offering: WaitlistOffering }) {
  const [isOpen, setIsOpen] = useState(false);
  if (offering.capacity === null && offering.waitlistCount === 0) return null;
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        className="col-span-2"
        onClick={() => setIsOpen(true)}
        aria-label={`Waitlist (${offering.waitlistCount}) of ${offering.title}`}
      >
        <Users className="size-4 shrink-0" aria-hidden />
        Waitlist ({offering.waitlistCount})
      </Button>
      <WaitlistSheet offering={offering} open={isOpen} onOpenChange={setIsOpen} />
    </>
  );
}
