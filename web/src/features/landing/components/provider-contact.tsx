import { Mail } from "lucide-react";

/** Shown only when the creator has an e-mail: customers should reach a person, not a form. */
export function ProviderContact({
  creatorName,
  creatorEmail,
}: {
  creatorName: string | null;
  creatorEmail: string;
}) {
  return (
    <section aria-labelledby="contact-heading" className="mx-auto max-w-3xl px-4 pb-10 sm:pb-14">
      <div className="rounded-xl border border-gray-200 bg-white p-5">
        <h2 id="contact-heading" className="text-lg font-semibold text-gray-950">
          Questions? Contact the provider
        </h2>
        {creatorName ? <p className="mt-1 text-sm text-gray-600">{creatorName}</p> : null}
        <a
          href={`mailto:${encodeURIComponent(creatorEmail).replace("%40", "@")}`}
          className="mt-3 inline-flex min-h-10 max-w-full items-center gap-2 rounded text-sm font-medium text-brand-700 hover:underline"
        >
          <Mail className="size-4 shrink-0" aria-hidden />
          <span className="break-all">{creatorEmail}</span>
        </a>
      </div>
    </section>
  );
}
