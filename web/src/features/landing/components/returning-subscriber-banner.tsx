import { buttonClasses } from "@/components/ui/button";
import { paths } from "@/config/paths";

/** For a customer who subscribed from this browser: the way back to their self-service page. */
export function ReturningSubscriberBanner({
  customUrl,
  subscriberId,
}: {
  customUrl: string;
  subscriberId: string;
}) {
  return (
    <section aria-label="Your subscription" className="border-b border-brand-200 bg-brand-50">
      <div className="mx-auto flex max-w-3xl items-center justify-between gap-3 px-4 py-3 text-sm">
        <span className="font-medium text-brand-900">Already subscribed?</span>
        <a
          href={paths.customerPortal.getHref(customUrl, subscriberId)}
          className={buttonClasses("secondary", "sm")}
        >
          Manage Subscription
        </a>
      </div>
    </section>
  );
}
