// The service address form's rules, loaded when "Change address" is pressed: zod stays off the
// self-service page's first load (the server drew it, with its data, ADR 019).
import "@/lib/zod-jitless";

export { updateServiceAddressResponseSchema } from "@contracts/customer-portal";
export {
  checkServiceAddress,
  isOutsideServiceArea,
  outsideAreaFieldMessage,
} from "@/lib/service-address-form";
