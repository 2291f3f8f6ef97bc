import {
  describeServiceArea,
  isInServiceArea,
  phoneSchema,
  type ServiceAddress,
  serviceAddressSchema,
} from "@contracts/service-details";
import { z } from "zod";
import { type FlatErrors, flattenIssues } from "./form-errors";

// The service address and phone as the subscribe modal, the waitlist form and the self-service
// page take them (issue 22): the contract's rules, run in the browser for quick feedback. The
// server checks again and alone decides.

/** Every field as typed: the form's values before the contract has trimmed and checked them. */
export interface ServiceAddressFormValues {
  address: {
    line1: string;
    line2: string;
    city: string;
    state: string;
    postalCode: string;
    country: string;
  };
  phone: string;
}

/** The fields' paths, for the shared fields component's `register`. */
export type ServiceAddressPath = `address.${keyof ServiceAddressFormValues["address"]}` | "phone";

const serviceAddressFormSchema = z.object({ address: serviceAddressSchema, phone: phoneSchema });

/** A blank form (the country defaults to the United States), or one filled from a stored address. */
export function serviceAddressFormValues(
  address?: ServiceAddress | null,
  phone?: string | null,
): ServiceAddressFormValues {
  return {
    address: {
      line1: address?.line1 ?? "",
      line2: address?.line2 ?? "",
      city: address?.city ?? "",
      state: address?.state ?? "",
      postalCode: address?.postalCode ?? "",
      country: address?.country ?? "US",
    },
    phone: phone ?? "",
  };
}

type ServiceAddressCheck =
  | { ok: true; address: ServiceAddress; phone: string }
  | { ok: false; errors: FlatErrors };

/** The address and phone checked with the contract's schemas; errors by field path. */
export function checkServiceAddress(values: ServiceAddressFormValues): ServiceAddressCheck {
  const parsed = serviceAddressFormSchema.safeParse(values);
  if (!parsed.success) return { ok: false, errors: flattenIssues(parsed.error.issues) };
  return { ok: true, address: parsed.data.address, phone: parsed.data.phone };
}

/** Whether a postal code is outside a non-empty service area (an empty one serves anywhere). */
export function isOutsideServiceArea(postalCode: string, area: readonly string[]): boolean {
  return area.length > 0 && !isInServiceArea(postalCode, area);
}

/**
 * Said under the postal code on the self-service page, where the waitlist is no answer: the
 * customer already subscribes, and only an address inside the area can be saved.
 */
export function outsideAreaFieldMessage(area: readonly string[]): string {
  return `This business visits postal codes starting with ${describeServiceArea(area)}. Enter an address inside its area.`;
}
