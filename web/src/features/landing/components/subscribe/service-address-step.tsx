import { outsideServiceAreaMessage, type ServiceAddress } from "@contracts/service-details";
import { useEffect, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { ServiceAddressFields } from "@/components/service-address-fields";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { nestErrors } from "@/lib/form-errors";
import {
  checkServiceAddress,
  isOutsideServiceArea,
  type ServiceAddressFormValues,
} from "@/lib/service-address-form";

// The contract's rules, said next to each field before anything is sent.
const addressResolver: Resolver<ServiceAddressFormValues> = async (values) => {
  const check = checkServiceAddress(values);
  return check.ok
    ? { values, errors: {} }
    : { values: {}, errors: nestErrors<ServiceAddressFormValues>(check.errors) };
};

/**
 * An on-site offering's step after name and e-mail: where the service happens and a phone.
 * An address outside the offering's area is told so at once, with the waitlist instead of
 * Continue (the server refuses it anyway, before anything is created in Stripe).
 */
export function ServiceAddressStep({
  serviceArea,
  defaultValues,
  submitLabel,
  busyLabel,
  error,
  onContinue,
  onBack,
  onJoinWaitlist,
}: {
  serviceArea: readonly string[];
  defaultValues: ServiceAddressFormValues;
  submitLabel: string;
  busyLabel?: string;
  error?: string | null;
  onContinue: (
    checked: { address: ServiceAddress; phone: string },
    values: ServiceAddressFormValues,
  ) => void | Promise<void>;
  onBack: (values: ServiceAddressFormValues) => void;
  onJoinWaitlist: (values: ServiceAddressFormValues, message: string) => void;
}) {
  const { register, handleSubmit, getValues, setFocus, formState } =
    useForm<ServiceAddressFormValues>({ resolver: addressResolver, defaultValues });
  // The step replaced the one whose button had focus: start the reader on its first field.
  useEffect(() => setFocus("address.line1"), [setFocus]);
  const { errors, isSubmitting } = formState;
  // The postal code found outside the area; typing another one brings Continue back.
  const [outsidePostalCode, setOutsidePostalCode] = useState<string | null>(null);
  const outsideMessage = outsidePostalCode === null ? null : outsideServiceAreaMessage(serviceArea);

  const submit = handleSubmit(async (values) => {
    const check = checkServiceAddress(values);
    if (!check.ok) return;
    if (isOutsideServiceArea(check.address.postalCode, serviceArea)) {
      setOutsidePostalCode(check.address.postalCode);
      return;
    }
    await onContinue({ address: check.address, phone: check.phone }, values);
  });

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <ServiceAddressFields
        idPrefix="subscribe"
        // Registered in the fields' order, which is the order the first error is focused in.
        register={(name) =>
          name === "address.postalCode"
            ? register(name, { onChange: () => setOutsidePostalCode(null) })
            : register(name)
        }
        errors={errors}
      />
      {outsideMessage ? (
        <div className="space-y-3">
          <Alert tone="warning">{outsideMessage}</Alert>
          <Button
            type="button"
            size="lg"
            className="w-full"
            onClick={() => onJoinWaitlist(getValues(), outsideMessage)}
          >
            Join the waitlist
          </Button>
        </div>
      ) : (
        <>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
            {isSubmitting && busyLabel ? busyLabel : submitLabel}
          </Button>
        </>
      )}
      <BackButton onBack={() => onBack(getValues())} isDisabled={isSubmitting} />
    </form>
  );
}

export function BackButton({ onBack, isDisabled }: { onBack: () => void; isDisabled: boolean }) {
  return (
    <div className="border-t border-gray-100 pt-4 text-center text-sm sm:text-left">
      <button
        type="button"
        className="rounded px-1 text-gray-700 hover:underline disabled:text-gray-400"
        onClick={onBack}
        disabled={isDisabled}
      >
        ← Back
      </button>
    </div>
  );
}
