import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";

/**
 * The sign-in screen's frame: a back link above one centred card. All of it is the page's main
 * landmark, so nothing on the page sits outside a landmark (axe: region).
 */
export function AuthCardLayout({
  backHref,
  backLabel,
  children,
}: {
  backHref: string;
  backLabel: string;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-50 px-4 py-12">
      <div className="w-full max-w-sm">
        {/* A full page load: sign-in is its own entry, with no client router. */}
        <a
          href={backHref}
          className="mb-6 inline-flex items-center gap-1.5 text-sm text-gray-700 hover:text-gray-950"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {backLabel}
        </a>
        <div className="rounded-xl border border-gray-200 bg-white p-8 shadow-sm">{children}</div>
      </div>
    </main>
  );
}
