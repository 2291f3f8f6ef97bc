import { CircleSlash } from "lucide-react";
import { buttonClasses } from "@/components/ui/button";
import { paths } from "@/config/paths";

/**
 * A saved self-service link whose business deleted its account: what happened, in the words
 * the server chose (who closed it, when, and that nothing more is charged), not "Not Found".
 */
export function SubscriptionClosed({ message }: { message: string }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 text-center">
      <CircleSlash className="size-10 text-gray-400" aria-hidden />
      <h1 className="text-2xl font-semibold tracking-tight text-gray-950">
        This subscription has ended
      </h1>
      <p className="max-w-sm break-words text-gray-600">{message}</p>
      <a href={paths.home.getHref()} className={buttonClasses("primary", "md")}>
        Go Home
      </a>
    </main>
  );
}
