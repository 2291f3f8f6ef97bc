import { formatMonthlyPrice } from "@contracts/money";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { SubscriptionNotFound } from "@/components/subscription-not-found";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { FullPageSpinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import {
  useCancelSubscription,
  useCustomerPortal,
  useOpenBillingPortal,
  useUpdateSubscriberEmail,
} from "../api/customer-portal";

const statusStyle = {
  active: { label: "Active", dot: "bg-brand-600", text: "text-brand-800" },
  past_due: { label: "Past due", dot: "bg-amber-500", text: "text-amber-800" },
  cancelled: { label: "Cancelled", dot: "bg-red-600", text: "text-red-700" },
} as const;

type Banner = { tone: "success" | "error"; text: string } | null;

export default function CustomerPortalPage() {
  const { customUrl = "", subscriberId = "" } = useParams();
  const ref = { customUrl, subscriberId };
  const portal = useCustomerPortal(ref);
  const updateEmail = useUpdateSubscriberEmail(ref);
  const cancel = useCancelSubscription(ref);
  const billingPortal = useOpenBillingPortal(ref);
  const [isEditing, setIsEditing] = useState(false);
  const [email, setEmail] = useState("");
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const [banner, setBanner] = useState<Banner>(null);

  if (portal.isPending) return <FullPageSpinner />;
  if (!portal.data) return <SubscriptionNotFound />;
  const { offering, subscriber } = portal.data;
  const status = statusStyle[subscriber.paymentStatus];
  const isCancelled = subscriber.paymentStatus === "cancelled";

  async function saveEmail(event: React.FormEvent) {
    event.preventDefault();
    try {
      await updateEmail.mutateAsync(email.trim());
      setIsEditing(false);
      setBanner({ tone: "success", text: "Email updated successfully!" });
    } catch (e) {
      setBanner({ tone: "error", text: errorMessage(e, "Failed to update email") });
    }
  }

  async function confirmCancel() {
    try {
      await cancel.mutateAsync();
      setIsConfirmOpen(false);
      setBanner({
        tone: "success",
        text: "Subscription cancelled successfully. You will not be charged again.",
      });
    } catch (e) {
      setIsConfirmOpen(false);
      setBanner({ tone: "error", text: errorMessage(e, "Failed to cancel subscription") });
    }
  }

  async function openBillingPortal() {
    try {
      await billingPortal.mutateAsync();
    } catch {
      setBanner({
        tone: "error",
        text: "Payment update is not available at this time. Please contact support.",
      });
    }
  }

  return (
    <div className="min-h-screen bg-gray-50">
      <main className="mx-auto max-w-2xl space-y-6 px-4 py-8">
        {banner ? <Alert tone={banner.tone}>{banner.text}</Alert> : null}
        <Link
          to={paths.landing.getHref(offering.customUrl)}
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          ← Back to {offering.title}
        </Link>
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-gray-950">
            Manage Your Subscription
          </h1>
          <p className="mt-1 text-gray-600">{offering.title}</p>
        </div>

        <Card className="p-5">
          <h2 className="text-base font-semibold text-gray-950">Subscription Details</h2>
          <div className="mt-4 flex items-start justify-between gap-4">
            <div>
              <p className="tabular text-2xl font-semibold text-gray-950">
                {formatMonthlyPrice(offering.priceCents)}
              </p>
              <p className="text-sm text-gray-600">Monthly subscription</p>
            </div>
            <p className={cn("inline-flex items-center gap-2 text-sm font-medium", status.text)}>
              <span aria-hidden className={cn("size-2.5 rounded-full", status.dot)} />
              {status.label}
            </p>
          </div>
          <p className="mt-3 text-sm text-gray-600">
            Started {new Date(subscriber.createdAt).toLocaleDateString()}
          </p>
          <p className="mt-4 whitespace-pre-line text-sm text-gray-700">{offering.description}</p>
          {subscriber.paymentStatus === "past_due" ? (
            <Alert tone="warning" className="mt-4">
              Your last payment didn't go through. Update your payment method to keep your
              subscription.
            </Alert>
          ) : null}
        </Card>

        <Card className="space-y-5 p-5">
          <h2 className="text-base font-semibold text-gray-950">Account Management</h2>
          <div>
            <p className="text-sm font-medium text-gray-800" id="email-label">
              Email
            </p>
            {isEditing ? (
              <form onSubmit={saveEmail} className="mt-1 flex flex-col gap-2 sm:flex-row">
                <Input
                  aria-labelledby="email-label"
                  type="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  autoFocus
                />
                <div className="flex gap-2">
                  <Button type="submit" disabled={email.trim() === "" || updateEmail.isPending}>
                    {updateEmail.isPending ? "Saving..." : "Save"}
                  </Button>
                  <Button variant="secondary" onClick={() => setIsEditing(false)}>
                    Cancel
                  </Button>
                </div>
              </form>
            ) : (
              <div className="mt-1 flex items-center justify-between gap-3">
                <p className="break-all text-gray-950">{subscriber.email}</p>
                {isCancelled ? null : (
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => {
                      setEmail(subscriber.email);
                      setIsEditing(true);
                    }}
                  >
                    Edit
                  </Button>
                )}
              </div>
            )}
          </div>
          <div>
            <p className="text-sm font-medium text-gray-800">Full Name</p>
            <p className="mt-1 text-gray-950">{subscriber.name}</p>
          </div>
          {isCancelled ? null : (
            <div className="flex flex-col gap-2 border-t border-gray-100 pt-4 sm:flex-row">
              <Button
                variant="secondary"
                onClick={openBillingPortal}
                disabled={billingPortal.isPending || !subscriber.hasPaymentAccount}
              >
                {billingPortal.isPending ? "Opening..." : "Update Payment Method"}
              </Button>
              <Button variant="danger" onClick={() => setIsConfirmOpen(true)}>
                Cancel Subscription
              </Button>
            </div>
          )}
        </Card>
      </main>
      <Dialog
        open={isConfirmOpen}
        onOpenChange={setIsConfirmOpen}
        title="Are you sure?"
        description={`You will lose access to ${offering.title} and will not be charged again.`}
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setIsConfirmOpen(false)}>
            Keep Subscription
          </Button>
          <Button variant="danger" onClick={confirmCancel} disabled={cancel.isPending}>
            {cancel.isPending ? "Cancelling..." : "Cancel Subscription"}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
