import type { NotificationSettings } from "@contracts/profile";
import { Switch } from "radix-ui";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { useNotificationSettings } from "../api/get-notification-settings";
import { useUpdateNotificationSettings } from "../api/update-notification-settings";

const switches: Array<{ key: keyof NotificationSettings; label: string; hint: string }> = [
  {
    key: "newSubscriber",
    label: "New subscriber",
    hint: "When someone subscribes to one of your subscriptions.",
  },
  {
    key: "cancellation",
    label: "Cancellation",
    hint: "When a subscriber cancels.",
  },
  {
    key: "paymentFailed",
    label: "Failed payment",
    hint: "When a subscriber's monthly payment fails.",
  },
];

/** The creator's own e-mails, each with a labelled switch (Space or Enter toggles it). */
export function EmailNotificationsCard() {
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();

  return (
    <Card className="space-y-4 p-5">
      <div>
        <h2 className="text-base font-semibold text-gray-950">Email Notifications</h2>
        <p className="mt-1 text-sm text-gray-600">Choose which e-mails we send you.</p>
      </div>
      {settings.isPending ? (
        <div role="status" className="space-y-3">
          <span className="sr-only">Loading your e-mail settings...</span>
          {switches.map((item) => (
            <div key={item.key} aria-hidden className="h-10 animate-pulse rounded bg-gray-100" />
          ))}
        </div>
      ) : settings.isError ? (
        <Alert tone="error" className="flex items-start justify-between gap-3">
          <span>{errorMessage(settings.error, "Could not load your e-mail settings.")}</span>
          <button
            type="button"
            className="shrink-0 rounded font-medium underline underline-offset-4"
            onClick={() => settings.refetch()}
          >
            Try again
          </button>
        </Alert>
      ) : (
        <ul className="divide-y divide-gray-100">
          {switches.map((item) => {
            const id = `notify-${item.key}`;
            const isOn = settings.data[item.key];
            return (
              <li key={item.key} className="flex items-center justify-between gap-4 py-3">
                <div>
                  <label htmlFor={id} className="text-sm font-medium text-gray-950">
                    {item.label} e-mails
                  </label>
                  <p id={`${id}-hint`} className="text-sm text-gray-600">
                    {item.hint}
                  </p>
                </div>
                <div className="flex shrink-0 items-center gap-2">
                  <span aria-hidden className="w-6 text-right text-xs text-gray-600">
                    {isOn ? "On" : "Off"}
                  </span>
                  <Switch.Root
                    id={id}
                    checked={isOn}
                    aria-describedby={`${id}-hint`}
                    onCheckedChange={(checked) => update.mutate({ [item.key]: checked })}
                    className={cn(
                      "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
                      isOn ? "bg-brand-700" : "bg-gray-300",
                    )}
                  >
                    <Switch.Thumb
                      className={cn(
                        "block size-5 rounded-full bg-white shadow-sm transition-transform",
                        isOn ? "translate-x-5.5" : "translate-x-0.5",
                      )}
                    />
                  </Switch.Root>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {update.isError ? (
        <Alert tone="error">
          {errorMessage(update.error, "Could not save that setting. Please try again.")}
        </Alert>
      ) : null}
    </Card>
  );
}
