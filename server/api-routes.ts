import { openApiDocumentRoute } from "./http/openapi-document";
import type { RouteDeclaration } from "./http/route-declaration";
import { accountApi } from "./modules/account/account-api";
import { connectApi } from "./modules/connect/connect-api";
import { customerPortalApi } from "./modules/customer-portal/customer-portal-api";
import { dashboardApi } from "./modules/dashboard/dashboard-api";
import { healthApi } from "./modules/health/health-api";
import { manageLinksApi } from "./modules/manage-links/manage-links-api";
import { meApi } from "./modules/me/me-api";
import { offeringApi } from "./modules/offerings/offering-api";
import { onboardingApi } from "./modules/onboarding/onboarding-api";
import { outboxApi } from "./modules/outbox/outbox-api";
import { profileApi } from "./modules/profile/profile-api";
import { subscribeApi } from "./modules/subscribe/subscribe-api";
import { subscriberApi } from "./modules/subscribers/subscriber-api";
import { webhookApi } from "./modules/webhooks/webhook-api";

/**
 * Every declared route (server/http/route-declaration.ts): createApp installs their limits and
 * access checks from this list, the OpenAPI document lists them, and the security tests walk
 * them. A module's declarations join here when the module is converted; until every module is,
 * the rest keep their entries in server/http/route-limits.ts and tests/security/route-policies.ts.
 */
export const apiRoutes: readonly RouteDeclaration[] = [
  ...offeringApi,
  ...subscribeApi,
  ...customerPortalApi,
  ...manageLinksApi,
  ...healthApi,
  ...webhookApi,
  ...meApi,
  ...onboardingApi,
  ...connectApi,
  ...accountApi,
  ...profileApi,
  ...dashboardApi,
  ...subscriberApi,
  ...outboxApi,
  openApiDocumentRoute,
];
