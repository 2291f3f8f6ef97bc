import { type RefundPaymentInput, refundPaymentResultSchema } from "@contracts/subscribers";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { sharedQueryKeys } from "@/lib/query-keys";
import { subscribersQueryKey } from "./query-keys";

interface RefundPaymentVariables extends RefundPaymentInput {
  subscriberId: string;
  paymentId: string;
  /** One per exact request (web/src/lib/request-keys.ts): a retry of it makes one refund. */
  idempotencyKey: string;
}

function refundPayment({
  subscriberId,
  paymentId,
  idempotencyKey,
  ...input
}: RefundPaymentVariables) {
  return apiRequest(
    `/api/subscribers/${encodeURIComponent(subscriberId)}/payments/${encodeURIComponent(paymentId)}/refund`,
    {
      method: "POST",
      body: input,
      headers: { "Idempotency-Key": idempotencyKey },
      schema: refundPaymentResultSchema,
    },
  );
}

/** A refund changes the payment history and every earnings figure. */
export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundPayment,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: subscribersQueryKey }),
        queryClient.invalidateQueries({ queryKey: sharedQueryKeys.dashboard }),
      ]),
  });
}
