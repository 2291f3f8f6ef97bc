import type { CustomerPortal, UpdateServiceAddressInput } from "@contracts/customer-portal";
import { useEffect } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { ServiceAddressFields } from "@/components/service-address-fields";
import { Button } from "@/components/ui/button";
import { nestErrors } from "@/lib/form-errors";
import {
  type ServiceAddressFormValues,
  serviceAddressFormValues,
} from "@/lib/service-address-form";
import {
  checkServiceAddress,
  isOutsideServiceArea,
  outsideAreaFieldMessage,
} from "../lib/address-rules";

/**
 * "Change address": the subscribe form's address fields, checked with the contract's rules and
 * against the offering's area before the request (the server checks both again).
 */
export function ServiceAddressEditor({
  address,
  phone,
  serviceArea,
  isSaving,
  onSave,
  onCancel,
}: {
  /** The stored address and phone the form starts from. */
  address: CustomerPortal["subscriber"]["address"];
  phone: string | null;
  serviceArea: readonly string[];
  isSaving: boolean;
  /** Resolves true when saved, so the form knows to close. */
  onSave: (input: UpdateServiceAddressInput) => Promise<boolean>;
  onCancel: () => void;
}) {
  const resolver: Resolver<ServiceAddressFormValues> = async (values) => {
    const check = checkServiceAddress(values);
    if (!check.ok) {
      return { values: {}, errors: nestErrors<ServiceAddressFormValues>(check.errors) };
    }
    if (isOutsideServiceArea(check.address.postalCode, serviceArea)) {
      return {
        values: {},
        errors: nestErrors<ServiceAddressFormValues>({
          "address.postalCode": outsideAreaFieldMessage(serviceArea),
        }),
      };
    }
    return { values, errors: {} };
  };
  const { register, handleSubmit, setFocus, formState } = useForm<ServiceAddressFormValues>({
    resolver,
    defaultValues: serviceAddressFormValues(address, phone),
  });
  // "Change address" is gone once pressed: the reader goes on to the first field.
  useEffect(() => setFocus("address.line1"), [setFocus]);
  const isBusy = isSaving || formState.isSubmitting;

  const save = handleSubmit(async (values) => {
    const check = checkServiceAddress(values);
    if (check.ok) await onSave({ address: check.address, phone: check.phone });
  });

  return (
    <form onSubmit={save} className="mt-4 space-y-4" noValidate aria-busy={isBusy}>
      <ServiceAddressFields
        idPrefix="portal-address"
        register={(name) => register(name)}
        errors={formState.errors}
        legend="New service address"
        isLegendHidden
      />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" size="lg" className="sm:h-10 sm:text-sm" disabled={isBusy}>
          {isBusy ? "Saving..." : "Save address"}
        </Button>
        <Button
          variant="secondary"
          size="lg"
          className="sm:h-10 sm:text-sm"
          disabled={isBusy}
          onClick={onCancel}
        >
          Cancel
        </Button>
      </div>
    </form>
  );
}
