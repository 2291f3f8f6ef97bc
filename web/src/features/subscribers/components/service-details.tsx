import { type ServiceAddress, serviceCountries } from "@contracts/service-details";
import type { SubscriberDetail } from "@contracts/subscribers";
import { Check, Copy } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useClipboardCopy } from "../lib/use-clipboard-copy";

type Subscriber = SubscriberDetail["subscriber"];

/** The address as it goes on an envelope: street, unit, "City, ST 94110", the country's name. */
export function addressLines(address: ServiceAddress): string[] {
  const country =
    serviceCountries.find((entry) => entry.code === address.country)?.name ?? address.country;
  const region = [address.state, address.postalCode].filter(Boolean).join(" ");
  return [
    address.line1,
    address.line2,
    [address.city, region].filter(Boolean).join(", "),
    country,
  ].filter((line) => line.length > 0);
}

function CopyAddressButton({ text }: { text: string }) {
  const { state, copy } = useClipboardCopy(text);

  return (
    <div className="flex items-center gap-2">
      <Button variant="secondary" size="sm" onClick={copy} aria-label="Copy service address">
        {state === "copied" ? (
          <Check className="size-4" aria-hidden />
        ) : (
          <Copy className="size-4" aria-hidden />
        )}
        {state === "copied" ? "Copied" : "Copy"}
      </Button>
      <span role="status" className="text-xs text-gray-600">
        {state === "copied"
          ? "Address copied."
          : state === "failed"
            ? "Could not copy; select the address and copy it yourself."
            : ""}
      </span>
    </div>
  );
}

/**
 * Where the service happens and what the subscriber answered at sign-up (issue 22). Nothing at
 * all for a subscriber of an offering that asks for none of it.
 */
export function ServiceDetails({ subscriber }: { subscriber: Subscriber }) {
  const { address, phone, answers } = subscriber;
  if (!address && !phone && answers.length === 0) return null;
  const lines = address ? addressLines(address) : [];

  return (
    <section aria-labelledby="service-details-heading" className="space-y-4">
      <h3 id="service-details-heading" className="sr-only">
        Service details
      </h3>
      {address || phone ? (
        <dl className="grid grid-cols-1 gap-x-4 gap-y-3 sm:grid-cols-2">
          {address ? (
            <div className="min-w-0">
              <dt className="text-xs text-gray-600">Service address</dt>
              <dd className="mt-0.5 text-sm text-gray-950">
                <address className="not-italic break-words">
                  {lines.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </address>
                <div className="mt-2">
                  <CopyAddressButton text={lines.join("\n")} />
                </div>
              </dd>
            </div>
          ) : null}
          {phone ? (
            <div className="min-w-0">
              <dt className="text-xs text-gray-600">Phone</dt>
              <dd className="mt-0.5 text-sm">
                <a
                  href={`tel:${phone.replace(/[^\d+]/g, "")}`}
                  className="font-medium text-gray-950 underline underline-offset-2"
                >
                  {phone}
                </a>
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {answers.length > 0 ? (
        <div className="space-y-2">
          <h4 className="text-sm font-semibold text-gray-950">Sign-up answers</h4>
          <dl className="space-y-2">
            {answers.map((answer) => (
              <div key={answer.questionId} className="min-w-0">
                <dt className="text-xs text-gray-600">
                  {answer.label}
                  {answer.isDeleted ? (
                    <span className="ml-1 text-gray-500">(question deleted)</span>
                  ) : null}
                </dt>
                <dd className="mt-0.5 text-sm whitespace-pre-wrap break-words text-gray-950">
                  {answer.value}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
    </section>
  );
}
