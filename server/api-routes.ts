import { openApiDocumentRoute } from "./http/openapi-document";
import type { PageDeclaration } from "./http/page-declaration";
import type { RouteDeclaration } from "./http/route-declaration";
import { accountApi } from "./modules/account/account-api";
import { connectApi } from "./modules/connect/connect-api";
import { customerPortalApi } from "./modules/customer-portal/customer-portal-api";
import { dashboardApi } from "./modules/dashboard/dashboard-api";
import { healthApi } from "./modules/health/health-api";
import { manageLinksApi } from "./modules/manage-links/manage-links-api";
import { meApi } from "./modules/me/me-api";
import { offeringApi } from "./modules/offerings/offering-api";
import { ogImageApi } from "./modules/og-image/og-image-api";
import { onboardingApi } from "./modules/onboarding/onboarding-api";
import { outboxApi } from "./modules/outbox/outbox-api";
import { planBillingApi } from "./modules/plans/plan-billing-api";
import { profileApi } from "./modules/profile/profile-api";
import { promotionApi } from "./modules/promotions/promotion-api";
import { waitlistApi } from "./modules/seats/waitlist-api";
import { seoApi } from "./modules/seo/seo-api";
import { subscribeApi } from "./modules/subscribe/subscribe-api";
import { subscriberApi } from "./modules/subscribers/subscriber-api";
import { subscriptionControlApi } from "./modules/subscription-control/subscription-control-api";
import { webShellPages } from "./modules/web-shell/web-shell-api";
import { webhookApi } from "./modules/webhooks/webhook-api";

/**
 * Every declared route (server/http/route-declaration.ts): createApp installs their limits and
 * access checks from this list, the OpenAPI document lists them, and the security tests walk
 * them (a served route missing here fails tests/security/route-declarations.test.ts, one
 * registered without a declaration fails `npm run lint`: scripts/check-routes-declared.ts).
 */
export const apiRoutes: readonly RouteDeclaration[] = [
  ...offeringApi,
  ...promotionApi,
  ...waitlistApi,
  ...subscribeApi,
  ...customerPortalApi,
  ...subscriptionControlApi,
  ...manageLinksApi,
  ...healthApi,
  ...webhookApi,
  ...meApi,
  ...onboardingApi,
  ...connectApi,
  ...accountApi,
  ...planBillingApi,
  ...profileApi,
  ...ogImageApi,
  ...seoApi,
  ...dashboardApi,
  ...subscriberApi,
  ...outboxApi,
  openApiDocumentRoute,
];

/**
 * The web shell's routes: the app's pages and the web build's files, whose wildcard paths no
 * OpenAPI document can hold (server/http/page-declaration.ts). The web shell registers each
 * behind its guards; they are served only with a built web app (createApp's webDistDir).
 */
export const pageRoutes: readonly PageDeclaration[] = webShellPages;
