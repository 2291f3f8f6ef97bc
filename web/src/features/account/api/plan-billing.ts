import {
  type CreatorPlan,
  changePlanSchema,
  confirmPlanSchema,
  creatorPlanSchema,
  type PaidPlanId,
  planCardPortalSchema,
  planCardRequestSchema,
  planChangePreviewSchema,
  startPlanResponseSchema,
  startPlanSchema,
} from "@contracts/plan-billing";
import type { PlanId } from "@contracts/plans";
import type { Stripe, StripeCardElement } from "@stripe/stripe-js";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiRequest } from "@/lib/api-client";
import {
  createCardPaymentMethod,
  PAYMENT_FAILED_MESSAGE,
  PaymentError,
  postWithOneRetry,
} from "@/lib/card-payment";
import { sharedQueryKeys } from "@/lib/query-keys";

// Issue 23: buying, changing and leaving a platform plan (contracts/plan-billing.ts).

/** The card may have been charged, but the plan is not confirmed yet: paying again could charge twice. */
const PLAN_UNCONFIRMED_MESSAGE =
  "We couldn't confirm your plan just now. Please don't pay again: if your payment went through, your plan shows here within a few minutes.";

/** The plan as the server answers it, for the Account tab's card and the Earnings tab's terms. */
async function showPlan(queryClient: QueryClient, plan: CreatorPlan) {
  queryClient.setQueryData(sharedQueryKeys.plan, plan);
  // Also drops every change preview (their keys start with the plan's): they were of before.
  await queryClient.invalidateQueries({ queryKey: sharedQueryKeys.plan });
}

interface BuyPlanInput {
  stripe: Stripe;
  card: StripeCardElement;
  plan: PaidPlanId;
  /** One per click of Subscribe: the server turns a repeat of the same attempt into a no-op. */
  attemptId: string;
}

/**
 * The card path as the landing page's subscribe runs it: a PaymentMethod from Stripe.js, the
 * plan subscription started with it, the first charge confirmed in the browser when the bank
 * asks (3-D Secure), then the server told, always, so it records the plan or cleans up.
 */
async function buyPlanByCard({ stripe, card, plan, attemptId }: BuyPlanInput) {
  const paymentMethodId = await createCardPaymentMethod(stripe, card);
  const started = await postWithOneRetry(
    "/api/plan/start",
    startPlanSchema.parse({ plan, paymentMethodId, attemptId }),
    startPlanResponseSchema,
  );
  const confirmBody = confirmPlanSchema.parse({ subscriptionId: started.subscriptionId });
  if (started.clientSecret) {
    const confirmation = await stripe.confirmCardPayment(started.clientSecret, {
      payment_method: paymentMethodId,
    });
    if (confirmation.error) {
      // The server ends the unpaid attempt; its answer adds nothing to Stripe's words.
      await apiRequest("/api/plan/confirm", {
        method: "POST",
        body: confirmBody,
        schema: creatorPlanSchema,
      }).catch(() => undefined);
      throw new PaymentError(confirmation.error.message ?? PAYMENT_FAILED_MESSAGE);
    }
  }
  try {
    return await postWithOneRetry("/api/plan/confirm", confirmBody, creatorPlanSchema);
  } catch (error) {
    // The server's refusal (402: not paid, 409: ended) says what happened, as it is.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) throw error;
    throw new PaymentError(PLAN_UNCONFIRMED_MESSAGE);
  }
}

export function useBuyPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyPlanByCard,
    onSuccess: (plan) => showPlan(queryClient, plan),
    // Whatever happened at Stripe, the card shows what the server knows now.
    onError: () => queryClient.invalidateQueries({ queryKey: sharedQueryKeys.plan }),
  });
}

/** What changing to `plan` would do, from Stripe's preview; asked only while `enabled`. */
export function usePlanChangePreview(plan: PlanId, enabled: boolean) {
  return useQuery({
    queryKey: [...sharedQueryKeys.plan, "change-preview", plan],
    queryFn: () =>
      apiRequest("/api/plan/change/preview", {
        method: "POST",
        body: changePlanSchema.parse({ plan }),
        schema: planChangePreviewSchema,
      }),
    enabled,
    // A preview is of this moment (a proration changes by the second): asked afresh each time.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { plan: PlanId; prorationDate?: number }) =>
      apiRequest("/api/plan/change", {
        method: "POST",
        body: changePlanSchema.parse(change),
        schema: creatorPlanSchema,
      }),
    onSuccess: (plan) => showPlan(queryClient, plan),
  });
}

/**
 * "Update card": Stripe's own page for the plan's card (its billing portal), which brings the
 * creator back to the Account tab; a failing charge is retried on the new card.
 */
async function openPlanCardPortal() {
  const { url } = await apiRequest("/api/plan/card", {
    method: "POST",
    body: planCardRequestSchema.parse({}),
    schema: planCardPortalSchema,
  });
  window.location.assign(url);
}

export function useOpenPlanCardPortal() {
  return useMutation({ mutationFn: openPlanCardPortal });
}
