import type { ServiceAddress, ServiceCountry } from "../../../contracts/service-details";

/** The address columns subscribers, sign-ups and waitlist entries share (schema: serviceAddressColumns). */
export interface AddressColumns {
  phone: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  addressCity: string | null;
  addressState: string | null;
  addressPostalCode: string | null;
  addressCountry: string | null;
}

export function addressColumnsOf(
  address: ServiceAddress | null | undefined,
  phone: string | null | undefined,
): AddressColumns {
  return {
    phone: phone ?? null,
    addressLine1: address?.line1 ?? null,
    addressLine2: address?.line2 || null,
    addressCity: address?.city ?? null,
    addressState: address?.state || null,
    addressPostalCode: address?.postalCode ?? null,
    addressCountry: address?.country ?? null,
  };
}

/** The row's address, or null when it has none (every row of an offering that isn't on-site). */
export function addressOfRow(row: AddressColumns): ServiceAddress | null {
  if (!row.addressLine1 || !row.addressCity || !row.addressPostalCode || !row.addressCountry) {
    return null;
  }
  return {
    line1: row.addressLine1,
    line2: row.addressLine2 ?? "",
    city: row.addressCity,
    state: row.addressState ?? "",
    postalCode: row.addressPostalCode,
    country: row.addressCountry as ServiceCountry,
  };
}

/** Stripe's address shape (customers' `address` and `shipping.address`). */
export function stripeAddressOf(address: ServiceAddress) {
  return {
    line1: address.line1,
    line2: address.line2 || "",
    city: address.city,
    state: address.state || "",
    postal_code: address.postalCode,
    country: address.country,
  };
}
