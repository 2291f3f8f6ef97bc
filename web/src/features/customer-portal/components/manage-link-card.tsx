import { Link2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useHydrated } from "@/lib/use-hydrated";

/** The page's address is its only key: the customer can replace it (ADR 022). */
export function ManageLinkCard({ onGetNewLink }: { onGetNewLink: () => void }) {
  // The server draws this page (ADR 019): until React has taken it over, a click would do nothing.
  const hydrated = useHydrated();
  return (
    <section aria-labelledby="link-heading">
      <Card className="space-y-3 p-5">
        <h2 id="link-heading" className="text-base font-semibold text-gray-950">
          Your Link
        </h2>
        <p className="text-sm text-gray-600">
          Anyone with this page's address can manage your subscription. If you shared it, or think
          someone else has it, get a new link: this one then stops working.
        </p>
        <Button
          variant="secondary"
          size="lg"
          className="sm:h-10 sm:text-sm"
          onClick={onGetNewLink}
          disabled={!hydrated}
        >
          <Link2 className="size-4" aria-hidden />
          Get a New Link
        </Button>
      </Card>
    </section>
  );
}
