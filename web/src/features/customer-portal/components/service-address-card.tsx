import type { CustomerPortal, UpdateServiceAddressInput } from "@contracts/customer-portal";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useHydrated } from "@/lib/use-hydrated";

// The form and its rules (zod) load when "Change address" is pressed, not with the page.
const loadEditor = () => import("./service-address-editor");
const ServiceAddressEditor = lazy(() =>
  loadEditor().then((m) => ({ default: m.ServiceAddressEditor })),
);

// Country names without the contract module (and zod) on the page's first load. A fixed
// locale: the server draws this page too, and both sides must write the same words.
const countryNames = new Intl.DisplayNames(["en"], { type: "region" });

type Address = NonNullable<CustomerPortal["subscriber"]["address"]>;

/** The address as a letter writes it, one line a part. */
function addressLines(address: Address): string[] {
  const cityLine = [address.city, [address.state, address.postalCode].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  return [
    address.line1,
    address.line2,
    cityLine,
    countryNames.of(address.country) ?? address.country,
  ].filter((line) => line.length > 0);
}

/**
 * An on-site subscription's service address and phone (issue 22), and "Change address". The
 * server checks the new address is inside the area and tells the business.
 */
export function ServiceAddressCard({
  subscriber,
  serviceArea,
  canEdit,
  isSaving,
  onSave,
}: {
  subscriber: CustomerPortal["subscriber"];
  serviceArea: readonly string[];
  canEdit: boolean;
  isSaving: boolean;
  /** Resolves true when saved, so the form closes. */
  onSave: (input: UpdateServiceAddressInput) => Promise<boolean>;
}) {
  const [isEditing, setIsEditing] = useState(false);
  // Drawn by the server: the button works once React has taken the page over.
  const hydrated = useHydrated();
  const { address, phone } = subscriber;

  return (
    <section aria-labelledby="service-address-heading">
      <Card className="p-5">
        <div className="flex items-start justify-between gap-3">
          <h2 id="service-address-heading" className="text-base font-semibold text-gray-950">
            Service address
          </h2>
          {canEdit && !isEditing ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setIsEditing(true)}
              onPointerEnter={loadEditor}
              onFocus={loadEditor}
              disabled={!hydrated}
            >
              Change address
            </Button>
          ) : null}
        </div>
        {isEditing ? (
          <Suspense fallback={<p className="mt-4 text-sm text-gray-600">Loading...</p>}>
            <ServiceAddressEditor
              address={address}
              phone={phone}
              serviceArea={serviceArea}
              isSaving={isSaving}
              onSave={async (input) => {
                const isSaved = await onSave(input);
                if (isSaved) setIsEditing(false);
                return isSaved;
              }}
              onCancel={() => setIsEditing(false)}
            />
          </Suspense>
        ) : (
          <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
            <div>
              <dt className="font-medium text-gray-600">Address</dt>
              <dd className="mt-1 break-words text-gray-950">
                {address ? (
                  addressLines(address).map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))
                ) : (
                  <span className="text-gray-600">No address yet</span>
                )}
              </dd>
            </div>
            <div>
              <dt className="font-medium text-gray-600">Phone</dt>
              <dd className="mt-1 break-words text-gray-950">
                {phone ?? <span className="text-gray-600">No phone yet</span>}
              </dd>
            </div>
          </dl>
        )}
      </Card>
    </section>
  );
}
