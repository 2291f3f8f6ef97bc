import { randomUUID } from "node:crypto";
import {
  type CreatorPlan,
  creatorPlanSchema,
  type PaidPlanId,
  planChangePreviewSchema,
  startPlanResponseSchema,
} from "../../contracts/plan-billing";
import type { PlanId } from "../../contracts/plans";
import { type AppClient, jsonRequest } from "../setup/test-app";
import { readJson } from "../support/read-json";
import { asCreator, type TestCreator } from "./creator-factory";
import {
  answerThreeDSecure,
  confirmCardPayment,
  createPaymentMethod,
  testCards,
} from "./stripe-browser";

// A creator buying and changing their platform plan (issue 23) as the Account tab does it.

export function planRequest(creator: TestCreator, method: string, body?: unknown) {
  return asCreator(creator, body === undefined ? { method } : jsonRequest(method, body));
}

export async function readPlan(app: AppClient, creator: TestCreator): Promise<CreatorPlan> {
  const response = await app.request("/api/plan", planRequest(creator, "GET"));
  if (response.status !== 200) throw new Error(`plan: ${response.status} ${await response.text()}`);
  return readJson(response, creatorPlanSchema);
}

/** Card → start → confirm the first charge (3-D Secure approved when asked) → confirm. */
export async function buyPlan(
  app: AppClient,
  creator: TestCreator,
  plan: PaidPlanId,
  card: string = testCards.success,
): Promise<Response> {
  const paymentMethodId = await createPaymentMethod(app, card);
  const start = await app.request(
    "/api/plan/start",
    planRequest(creator, "POST", { plan, paymentMethodId, attemptId: randomUUID() }),
  );
  if (start.status !== 200) return start;
  const { subscriptionId, clientSecret } = await readJson(start, startPlanResponseSchema);
  if (clientSecret) {
    const { body } = await confirmCardPayment(app, clientSecret, paymentMethodId);
    if (body.status === "requires_action") {
      await answerThreeDSecure(app, body.id as string, "complete");
    }
  }
  return app.request("/api/plan/confirm", planRequest(creator, "POST", { subscriptionId }));
}

export async function previewPlanChange(app: AppClient, creator: TestCreator, plan: PlanId) {
  const response = await app.request(
    "/api/plan/change/preview",
    planRequest(creator, "POST", { plan }),
  );
  if (response.status !== 200)
    throw new Error(`preview: ${response.status} ${await response.text()}`);
  return readJson(response, planChangePreviewSchema);
}

export async function changePlanTo(
  app: AppClient,
  creator: TestCreator,
  plan: PlanId,
  prorationDate?: number,
) {
  return app.request("/api/plan/change", planRequest(creator, "POST", { plan, prorationDate }));
}
