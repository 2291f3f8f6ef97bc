import { serviceCountries } from "@contracts/service-details";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Input, Select } from "@/components/ui/input";
import type { ServiceAddressPath } from "@/lib/service-address-form";

type Messages = { message?: string } | undefined;

interface ServiceAddressFieldsProps {
  /** Makes the ids unique when two forms share a page ("subscribe", "waitlist", "portal"). */
  idPrefix: string;
  /** The form's register, narrowed to these fields' paths. */
  register: (name: ServiceAddressPath) => UseFormRegisterReturn;
  errors?: {
    address?: Partial<Record<keyof typeof fieldLabels, Messages>>;
    phone?: Messages;
  };
  /** The fieldset's legend; visually hidden when the step's heading already says it. */
  legend?: string;
  isLegendHidden?: boolean;
}

const fieldLabels = {
  line1: "Street address",
  line2: "Apartment, unit or suite (optional)",
  city: "City",
  state: "State or region",
  postalCode: "Postal code",
  country: "Country",
} as const;

const autoCompletes: Record<keyof typeof fieldLabels, string> = {
  line1: "address-line1",
  line2: "address-line2",
  city: "address-level2",
  state: "address-level1",
  postalCode: "postal-code",
  country: "country",
};

/** One labelled control with its message under it, described by that message. */
function AddressField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: (describedBy: string | undefined) => React.ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      {children(error ? `${id}-error` : undefined)}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Where the service happens and how to reach the customer: the same fields in the subscribe
 * modal, the waitlist form and the self-service page. 16px text on phones keeps iOS Safari from
 * zooming in on focus.
 */
export function ServiceAddressFields({
  idPrefix,
  register,
  errors,
  legend = "Service address",
  isLegendHidden = false,
}: ServiceAddressFieldsProps) {
  const idOf = (key: string) => `${idPrefix}-${key}`;
  const textField = (key: Exclude<keyof typeof fieldLabels, "country">, className?: string) => {
    const error = errors?.address?.[key]?.message;
    return (
      <div className={className}>
        <AddressField id={idOf(key)} label={fieldLabels[key]} error={error}>
          {(describedBy) => (
            <Input
              id={idOf(key)}
              autoComplete={autoCompletes[key]}
              className="text-base sm:text-sm"
              required={key !== "line2" && key !== "state"}
              aria-invalid={Boolean(error)}
              aria-describedby={describedBy}
              {...register(`address.${key}`)}
            />
          )}
        </AddressField>
      </div>
    );
  };
  const countryError = errors?.address?.country?.message;
  const phoneError = errors?.phone?.message;
  return (
    <fieldset className="space-y-4">
      <legend
        className={isLegendHidden ? "sr-only" : "mb-3 block text-base font-semibold text-gray-950"}
      >
        {legend}
      </legend>
      {textField("line1")}
      {textField("line2")}
      <div className="grid gap-4 sm:grid-cols-2">
        {textField("city")}
        {textField("state")}
        {textField("postalCode")}
        <AddressField id={idOf("country")} label={fieldLabels.country} error={countryError}>
          {(describedBy) => (
            <Select
              id={idOf("country")}
              autoComplete={autoCompletes.country}
              className="text-base sm:text-sm"
              required
              aria-invalid={Boolean(countryError)}
              aria-describedby={describedBy}
              {...register("address.country")}
            >
              {serviceCountries.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </Select>
          )}
        </AddressField>
      </div>
      <AddressField id={idOf("phone")} label="Phone number" error={phoneError}>
        {(describedBy) => (
          <Input
            id={idOf("phone")}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            className="text-base sm:text-sm"
            required
            aria-invalid={Boolean(phoneError)}
            aria-describedby={describedBy}
            {...register("phone")}
          />
        )}
      </AddressField>
    </fieldset>
  );
}
