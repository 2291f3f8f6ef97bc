import { Button } from "@/components/ui/button";
import type { InvitationState } from "../../lib/use-invitation";

const holdFormat = new Intl.DateTimeFormat(undefined, {
  weekday: "short",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/**
 * What a waitlist invitation's link says at the top of the landing page: the seat held for this
 * customer (and until when), or that the link no longer holds one and the waitlist is open.
 * Only in the browser: the server never sees the link's fragment.
 */
export function InvitationBanner({
  state,
  onSubscribe,
  onJoinWaitlist,
}: {
  state: InvitationState;
  onSubscribe: () => void;
  onJoinWaitlist: () => void;
}) {
  if (state.status === "none") return null;
  if (state.status === "reading") {
    return (
      <Section tone="info">
        <p role="status" className="text-gray-700">
          Checking your invitation...
        </p>
      </Section>
    );
  }
  if (state.status === "held") {
    const until = new Date(state.invitation.expiresAt);
    return (
      <Section tone="success">
        <p role="status" className="font-medium text-brand-900">
          A spot is held for you until{" "}
          <time dateTime={until.toISOString()}>{holdFormat.format(until)}</time>.
        </p>
        <Button size="sm" className="shrink-0" onClick={onSubscribe}>
          Subscribe
        </Button>
      </Section>
    );
  }
  if (state.status === "expired") {
    return (
      <Section tone="warning">
        <p role="status" className="text-yellow-900">
          {state.message}
        </p>
        <Button size="sm" variant="secondary" className="shrink-0" onClick={onJoinWaitlist}>
          Join the waitlist
        </Button>
      </Section>
    );
  }
  return (
    <Section tone="warning">
      <p role="alert" className="text-yellow-900">
        {state.message}
      </p>
    </Section>
  );
}

const tones = {
  info: "border-gray-200 bg-gray-50",
  success: "border-brand-200 bg-brand-50",
  warning: "border-yellow-300 bg-yellow-50",
};

function Section({ tone, children }: { tone: keyof typeof tones; children: React.ReactNode }) {
  return (
    <section aria-label="Your invitation" className={`border-b ${tones[tone]}`}>
      <div className="mx-auto flex max-w-3xl flex-col gap-3 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between">
        {children}
      </div>
    </section>
  );
}
