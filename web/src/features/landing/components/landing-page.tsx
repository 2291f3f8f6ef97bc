import { formatSubscriptionPrice } from "@contracts/cadence";
import type { PublicOffering } from "@contracts/landing";
import { isFreePrice } from "@contracts/offerings";
import { lazy, Suspense, useEffect, useLayoutEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { billedSentence, trialOffer } from "@/lib/price-words";
import { useHydrated } from "@/lib/use-hydrated";
import { readStoredSubscriberId } from "../lib/stored-subscriber";
import { useInvitation } from "../lib/use-invitation";
import { BenefitList } from "./benefit-list";
import { LostLinkPrompt } from "./lost-link-prompt";
import { NotAcceptingNotice } from "./not-accepting-notice";
import { ProviderContact } from "./provider-contact";
import { ReturningSubscriberBanner } from "./returning-subscriber-banner";
import { FullOfferingNotice } from "./waitlist/full-offering-notice";
import { InvitationBanner } from "./waitlist/invitation-banner";

// The dialog carries the form library and the Stripe wrapper: keep them out of the first paint.
const loadSubscribeDialog = () => import("./subscribe/subscribe-dialog");
const SubscribeDialog = lazy(loadSubscribeDialog);

/** Fetch the dialog's code as soon as someone heads for a button, so it opens at once. */
const prefetchProps = {
  onPointerEnter: loadSubscribeDialog,
  onFocus: loadSubscribeDialog,
  onTouchStart: loadSubscribeDialog,
};

// A full offering's waitlist form (issue 22), loaded the same way.
const loadWaitlistDialog = () => import("./waitlist/waitlist-dialog");
const WaitlistDialog = lazy(loadWaitlistDialog);
const waitlistPrefetchProps = {
  onPointerEnter: loadWaitlistDialog,
  onFocus: loadWaitlistDialog,
  onTouchStart: loadWaitlistDialog,
};

export function LandingPage({ offering }: { offering: PublicOffering }) {
  const [isSubscribeOpen, setIsSubscribeOpen] = useState(false);
  // The server draws this page (ADR 007): until React has taken it over, a click would do nothing.
  const hydrated = useHydrated();
  // Mounted on first open and kept: closing must not lose a half-filled form.
  const [hasOpenedSubscribe, setHasOpenedSubscribe] = useState(false);
  // The server can't see this browser's storage: read it before the first paint instead.
  const [storedSubscriberId, setStoredSubscriberId] = useState<string | null>(null);
  useLayoutEffect(
    () => setStoredSubscriberId(readStoredSubscriberId(offering.customUrl)),
    [offering.customUrl],
  );
  // A free offering reads as free everywhere: no card, no "billed", no "$0.00/month".
  const isFree = isFreePrice(offering.priceCents);
  const price = formatSubscriptionPrice(offering.priceCents, offering.cadence);
  const trial = trialOffer(offering.trialDays, offering.priceCents, offering.cadence);
  // A waitlist invitation's link (#invite=): its seat is held, so even a full page subscribes.
  const invite = useInvitation(offering.customUrl);
  const heldInvite = invite.status === "held" ? invite : null;
  const isWaitlistOnly = offering.isFull && !heldInvite;
  const [isWaitlistOpen, setIsWaitlistOpen] = useState(false);
  const [hasOpenedWaitlist, setHasOpenedWaitlist] = useState(false);

  useEffect(() => {
    document.title = `${offering.title} · ${price}`;
  }, [offering.title, price]);

  function openSubscribe() {
    setHasOpenedSubscribe(true);
    setIsSubscribeOpen(true);
  }

  function openWaitlist() {
    setHasOpenedWaitlist(true);
    setIsWaitlistOpen(true);
  }

  return (
    <div className="min-h-screen bg-white">
      {storedSubscriberId ? (
        <ReturningSubscriberBanner
          customUrl={offering.customUrl}
          subscriberId={storedSubscriberId}
        />
      ) : null}
      <InvitationBanner state={invite} onSubscribe={openSubscribe} onJoinWaitlist={openWaitlist} />
      <main>
        <section
          aria-labelledby="offering-title"
          className="bg-gradient-to-b from-brand-50 to-white"
        >
          <div className="mx-auto max-w-3xl px-4 pt-14 pb-12 text-center sm:pt-20 sm:pb-16">
            <p className="text-sm font-medium text-brand-800">{offering.subcategory}</p>
            <h1
              id="offering-title"
              className="mt-3 text-3xl font-semibold tracking-tight break-words text-gray-950 sm:text-4xl"
            >
              {offering.title}
            </h1>
            {offering.creatorName ? (
              <p className="mt-2 text-sm text-gray-600">by {offering.creatorName}</p>
            ) : null}
            <p className="tabular mt-5 text-2xl font-semibold text-gray-950">{price}</p>
            {trial ? (
              <p className="tabular mt-1 text-sm font-medium text-brand-800">{trial}</p>
            ) : null}
            {offering.isAcceptingSubscriptions && isWaitlistOnly ? (
              <FullOfferingNotice
                className="mt-6"
                onJoin={openWaitlist}
                buttonProps={waitlistPrefetchProps}
              />
            ) : offering.isAcceptingSubscriptions ? (
              <Button
                size="lg"
                className="mt-6 w-full sm:w-auto sm:min-w-48"
                onClick={openSubscribe}
                disabled={!hydrated}
                {...prefetchProps}
              >
                Subscribe Now
              </Button>
            ) : (
              <NotAcceptingNotice className="mt-6" />
            )}
            <p className="mt-3 text-xs text-gray-600">
              {isFree ? "Cancel anytime · No card needed" : "Cancel anytime · Secure payment"}
            </p>
            <LostLinkPrompt />
          </div>
        </section>

        <BenefitList
          isFree={isFree}
          cadence={offering.cadence}
          hasProviderContact={Boolean(offering.creatorEmail)}
        />

        <section aria-labelledby="about-heading" className="mx-auto max-w-3xl px-4 pb-10 sm:pb-14">
          <h2 id="about-heading" className="text-lg font-semibold text-gray-950">
            About this subscription
          </h2>
          {/* Plain text kept as typed: line breaks matter, markup is never interpreted. */}
          <p className="mt-3 whitespace-pre-line break-words text-gray-700">
            {offering.description}
          </p>
        </section>

        {offering.creatorEmail ? (
          <ProviderContact
            creatorName={offering.creatorName}
            creatorEmail={offering.creatorEmail}
          />
        ) : null}

        <section
          aria-labelledby="final-cta-heading"
          className="border-t border-gray-200 bg-gray-50"
        >
          <div className="mx-auto max-w-3xl px-4 py-10 text-center sm:py-14">
            <h2 id="final-cta-heading" className="text-lg font-semibold text-gray-950">
              Ready to start?
            </h2>
            <p className="tabular mt-1 text-sm text-gray-600">
              {isFree
                ? "Free: no card needed, nothing to pay."
                : billedSentence(offering.priceCents, offering.cadence)}
            </p>
            {offering.isAcceptingSubscriptions && isWaitlistOnly ? (
              <FullOfferingNotice
                className="mt-5"
                onJoin={openWaitlist}
                buttonProps={waitlistPrefetchProps}
              />
            ) : offering.isAcceptingSubscriptions ? (
              <Button
                size="lg"
                className="tabular mt-5 w-full sm:w-auto sm:min-w-48"
                onClick={openSubscribe}
                disabled={!hydrated}
                {...prefetchProps}
              >
                {trial ? "Start free trial" : `Subscribe for ${price}`}
              </Button>
            ) : (
              <NotAcceptingNotice className="mt-5" />
            )}
          </div>
        </section>
      </main>
      <footer className="py-6 text-center text-xs text-gray-600">Powered by Regulars</footer>
      {hasOpenedSubscribe ? (
        <Suspense fallback={null}>
          <SubscribeDialog
            offering={offering}
            open={isSubscribeOpen}
            onOpenChange={setIsSubscribeOpen}
            onSubscribed={setStoredSubscriberId}
            invite={heldInvite}
            // A new invitation (read after the dialog first opened) starts a fresh, prefilled form.
            key={heldInvite?.token ?? "uninvited"}
          />
        </Suspense>
      ) : null}
      {hasOpenedWaitlist ? (
        <Suspense fallback={null}>
          <WaitlistDialog
            offering={offering}
            open={isWaitlistOpen}
            onOpenChange={setIsWaitlistOpen}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
