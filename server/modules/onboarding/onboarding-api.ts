import {
  completeOnboardingResponseSchema,
  completeOnboardingSchema,
} from "../../../contracts/onboarding-options";
import { declareRoute, errorResponses, jsonBody, jsonResponse } from "../../http/route-declaration";
import { databaseOnly } from "../../http/route-limits";

export const completeOnboardingRoute = declareRoute({
  method: "post",
  path: "/api/onboarding/complete",
  summary: "Save the onboarding answers: business name, type, revenue band and goals",
  tags: ["onboarding"],
  access: "creator",
  limit: databaseOnly,
  request: { body: jsonBody(completeOnboardingSchema) },
  responses: {
    200: jsonResponse(completeOnboardingResponseSchema, "The answers are saved"),
    ...errorResponses(400, 401, 415),
  },
});

export const onboardingApi = [completeOnboardingRoute];
