import {
  type ManageLinksRequest,
  manageLinksRequestSchema,
  manageLinksResponseSchema,
} from "@contracts/manage-links";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export { manageLinksRequestSchema };

/** E-mails a self-service link for each subscription under the address (if it has any). */
function requestManageLinks(input: ManageLinksRequest) {
  return apiRequest("/api/public/manage-links", {
    method: "POST",
    body: manageLinksRequestSchema.parse(input),
    schema: manageLinksResponseSchema,
  });
}

export function useRequestManageLinks() {
  return useMutation({ mutationFn: requestManageLinks });
}
