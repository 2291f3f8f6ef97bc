import type { UpdateServiceAddressInput } from "@contracts/customer-portal";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { FullPageLoadError } from "@/components/load-error";
import { SubscriptionClosed } from "@/components/subscription-closed";
import { SubscriptionNotFound } from "@/components/subscription-not-found";
import { Alert } from "@/components/ui/alert";
import { paths } from "@/config/paths";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useCancelSubscription } from "../api/cancel-subscription";
import { useCustomerPortal } from "../api/get-customer-portal";
import { useGetNewLink } from "../api/get-new-link";
import { useOpenBillingPortal } from "../api/open-billing-portal";
import { useResumeSubscription } from "../api/resume-subscription";
import { useUpdateServiceAddress } from "../api/update-service-address";
import { useUpdateSubscriberEmail } from "../api/update-subscriber-email";
import type { Banner } from "../lib/portal-banner";
import { useDateFormat } from "../lib/portal-dates";
import { AccountManagementCard } from "./account-management-card";
import { CustomerPortalSkeleton } from "./customer-portal-skeleton";
import { InvoicesCard } from "./invoices-card";
import { ManageLinkCard } from "./manage-link-card";
import { PauseCard } from "./pause-card";
import { ServiceAddressCard } from "./service-address-card";
import { SubscriptionDetailsCard } from "./subscription-details-card";
import { SwitchCard } from "./switch-card";

// Radix's dialog is a quarter of the page's JavaScript and shows only after a tap.
const CancelSubscriptionDialog = lazy(() =>
  import("./cancel-subscription-dialog").then((m) => ({ default: m.CancelSubscriptionDialog })),
);
const NewLinkDialog = lazy(() =>
  import("./new-link-dialog").then((m) => ({ default: m.NewLinkDialog })),
);

/** No answer, too many tries or a server error: nothing said about the link itself. */
const isOutage = (error: unknown) =>
  error instanceof ApiError && (error.status === 0 || error.status === 429 || error.status >= 500);

const BILLING_PORTAL_UNAVAILABLE =
  "Payment update is not available at this time. Please contact support.";

/** /customer/:customUrl/:manageKey: the subscriber's self-service page, no account needed. */
export default function CustomerPortalPage() {
  const { customUrl = "", manageKey = "" } = useParams();
  const ref = { customUrl, manageKey };
  const navigate = useNavigate();
  const portal = useCustomerPortal(ref);
  const updateEmail = useUpdateSubscriberEmail(ref);
  const updateAddress = useUpdateServiceAddress(ref);
  const cancel = useCancelSubscription(ref);
  const resume = useResumeSubscription(ref);
  const billingPortal = useOpenBillingPortal(ref);
  const newLink = useGetNewLink(ref);
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const [isNewLinkOpen, setIsNewLinkOpen] = useState(false);
  const [banner, setBanner] = useState<Banner | null>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const title = portal.data?.offering.title;
  const dateOf = useDateFormat();

  useEffect(() => {
    document.title = title ? `Manage Your Subscription · ${title}` : "Manage Your Subscription";
  }, [title]);

  // On a phone the banner sits far above the buttons: bring it into view and to the reader.
  useEffect(() => {
    if (!banner) return;
    bannerRef.current?.focus({ preventScroll: true });
    window.scrollTo({ top: 0, behavior: "smooth" });
  }, [banner]);

  if (portal.isPending) return <CustomerPortalSkeleton />;
  if (!portal.data) {
    // Its business deleted the account: the API says who and when.
    if (portal.error instanceof ApiError && portal.error.code === "subscription_closed") {
      return <SubscriptionClosed message={portal.error.message} />;
    }
    // The server or the network failing is not "this subscription doesn't exist": say so, with
    // a retry (a link that works must not look dead for one bad moment).
    if (isOutage(portal.error)) {
      return (
        <FullPageLoadError
          what="Your subscription"
          detail="Your link is fine; please try again in a moment."
          onRetry={() => portal.refetch()}
          isRetrying={portal.isFetching}
        />
      );
    }
    return <SubscriptionNotFound />;
  }
  const { offering, subscriber, controls } = portal.data;
  const isCancelled = subscriber.paymentStatus === "cancelled";

  async function saveEmail(email: string) {
    try {
      const { pendingEmail } = await updateEmail.mutateAsync(email);
      setBanner({
        tone: "success",
        text: `We've sent a confirmation link to ${pendingEmail}. Your e-mail changes once you open it.`,
      });
      return true;
    } catch (caught) {
      setBanner({ tone: "error", text: errorMessage(caught, "Failed to update email") });
      return false;
    }
  }

  async function saveAddress(input: UpdateServiceAddressInput) {
    try {
      await updateAddress.mutateAsync(input);
      // The portal names the offering, not its business: the title is who was told.
      setBanner({ tone: "success", text: `Address updated. ${offering.title} has been told.` });
      return true;
    } catch (caught) {
      setBanner({ tone: "error", text: errorMessage(caught, "Failed to update address") });
      return false;
    }
  }

  async function confirmCancel() {
    try {
      const { endsAt } = await cancel.mutateAsync();
      setBanner({
        tone: "success",
        text: endsAt
          ? `Your subscription ends on ${dateOf(endsAt)}. You will not be charged again.`
          : "Subscription cancelled successfully. You will not be charged again.",
      });
    } catch (caught) {
      setBanner({ tone: "error", text: errorMessage(caught, "Failed to cancel subscription") });
    } finally {
      setIsConfirmOpen(false);
    }
  }

  async function resumeSubscription() {
    try {
      const { controls: after } = await resume.mutateAsync({});
      setBanner({
        tone: "success",
        text: after.nextChargeAt
          ? `Your subscription will continue. Next charge on ${dateOf(after.nextChargeAt)}.`
          : "Your subscription will continue.",
      });
    } catch (caught) {
      setBanner({ tone: "error", text: errorMessage(caught, "Failed to resume subscription") });
    }
  }

  async function getNewLink() {
    try {
      const { manageKey: newKey } = await newLink.mutateAsync();
      // The old address is dead: the page moves to the new one, and history forgets the old.
      await navigate(paths.customerPortal.getHref(offering.customUrl, newKey), { replace: true });
      setBanner({
        tone: "success",
        text: `This page has a new address, and we've e-mailed it to ${subscriber.email}. The old link no longer works.`,
      });
    } catch (caught) {
      setBanner({ tone: "error", text: errorMessage(caught, "Failed to get a new link") });
    } finally {
      setIsNewLinkOpen(false);
    }
  }

  async function updatePaymentMethod() {
    // Without a Stripe customer there is no portal to open (the spec only tries when one exists).
    if (!subscriber.hasPaymentAccount) {
      setBanner({ tone: "error", text: BILLING_PORTAL_UNAVAILABLE });
      return;
    }
    try {
      await billingPortal.mutateAsync();
    } catch {
      setBanner({ tone: "error", text: BILLING_PORTAL_UNAVAILABLE });
    }
  }

  return (
    <div className="min-h-screen bg-gray-50">
      <main className="mx-auto max-w-2xl space-y-6 px-4 py-6 sm:py-10">
        {banner ? (
          <div ref={bannerRef} tabIndex={-1} className="outline-none">
            <Alert tone={banner.tone}>{banner.text}</Alert>
          </div>
        ) : null}
        {/* Landing pages are their own entry, so this is a full page load. */}
        <a
          href={paths.landing.getHref(offering.customUrl)}
          className="inline-block rounded text-sm font-medium break-words text-brand-700 hover:underline"
        >
          ← Back to {offering.title}
        </a>
        <header>
          <h1 className="text-2xl font-semibold tracking-tight text-gray-950 sm:text-3xl">
            Manage Your Subscription
          </h1>
          <p className="mt-1 break-words text-gray-600">{offering.title}</p>
        </header>
        <SubscriptionDetailsCard portal={portal.data} />
        {controls.canPause.maxPeriods > 0 && !isCancelled ? (
          <PauseCard subscriberRef={ref} portal={portal.data} onOutcome={setBanner} />
        ) : null}
        {(controls.switchOptions.length > 0 || controls.pendingSwitch) && !isCancelled ? (
          <SwitchCard subscriberRef={ref} portal={portal.data} onOutcome={setBanner} />
        ) : null}
        {portal.data.service.onSite ? (
          <ServiceAddressCard
            subscriber={subscriber}
            serviceArea={portal.data.service.serviceArea}
            canEdit={!isCancelled}
            isSaving={updateAddress.isPending}
            onSave={saveAddress}
          />
        ) : null}
        <AccountManagementCard
          subscriber={subscriber}
          endsAt={controls.endsAt}
          isSavingEmail={updateEmail.isPending}
          isResuming={resume.isPending}
          isOpeningBillingPortal={billingPortal.isPending}
          onSaveEmail={saveEmail}
          onUpdatePaymentMethod={updatePaymentMethod}
          onCancelSubscription={() => setIsConfirmOpen(true)}
          onResume={resumeSubscription}
        />
        <InvoicesCard subscriberRef={ref} />
        <ManageLinkCard onGetNewLink={() => setIsNewLinkOpen(true)} />
      </main>
      {isConfirmOpen ? (
        <Suspense fallback={null}>
          <CancelSubscriptionDialog
            title={offering.title}
            endsOn={controls.nextChargeAt ? dateOf(controls.nextChargeAt) : null}
            open
            isCancelling={cancel.isPending}
            onOpenChange={setIsConfirmOpen}
            onConfirm={confirmCancel}
          />
        </Suspense>
      ) : null}
      {isNewLinkOpen ? (
        <Suspense fallback={null}>
          <NewLinkDialog
            email={subscriber.email}
            open
            isReplacing={newLink.isPending}
            onOpenChange={setIsNewLinkOpen}
            onConfirm={getNewLink}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
