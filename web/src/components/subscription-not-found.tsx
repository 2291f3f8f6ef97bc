import { SearchX } from "lucide-react";
import { buttonClasses } from "@/components/ui/button";
import { paths } from "@/config/paths";

export function SubscriptionNotFound({ actionLabel = "Go Home" }: { actionLabel?: string }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 text-center">
      <SearchX className="size-10 text-gray-400" aria-hidden />
      <h1 className="text-2xl font-semibold tracking-tight text-gray-950">
        Subscription Not Found
      </h1>
      <p className="max-w-sm text-gray-600">
        This subscription may have been deactivated or doesn't exist.
      </p>
      {/* A plain link: this also shows on landing pages, which have no client router. */}
      <a href={paths.home.getHref()} className={buttonClasses("primary", "md")}>
        {actionLabel}
      </a>
    </main>
  );
}
