import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import type Stripe from "stripe";
import type { PublicConfig } from "../contracts/public-config";
import { apiRoutes } from "./api-routes";
import { createAccountSecrets } from "./auth/account-secrets";
import type { Auth } from "./auth/auth";
import { authRoutes } from "./auth/auth-routes";
import type { Config } from "./config/env";
import type { Db } from "./db/client";
import type { AppEnv } from "./http/app-env";
import { compressPages } from "./http/compress-pages";
import { httpMetrics } from "./http/http-metrics";
import { hasBody, inputHygiene } from "./http/input-hygiene";
import { openApiRoutes } from "./http/openapi-document";
import { originCheck } from "./http/origin-check";
import { requestLogger } from "./http/request-logger";
import { installRouteGuards, routeGuards } from "./http/route-guards";
import { createRouteLimiters } from "./http/route-limits";
import { keepOutOfCachesAndReferrers, secretBearingPaths } from "./http/secret-bearing";
import { securityHeaders } from "./http/security-headers";
import type { Mailer } from "./integrations/email/mailer";
import type { JobQueue } from "./integrations/jobs/job-queue";
import type { Metrics } from "./integrations/metrics/metrics";
import type { BillingClock } from "./integrations/stripe/billing-clock";
import { AppError, isAppError } from "./lib/errors";
import type { Logger } from "./lib/logger";
import { accountRoutes } from "./modules/account/account-routes";
import type { BillingDeps } from "./modules/billing/billing-sync";
import { connectRoutes } from "./modules/connect/connect-routes";
import { customerPortalRoute } from "./modules/customer-portal/customer-portal-api";
import { customerPortalRoutes } from "./modules/customer-portal/customer-portal-routes";
import { getCustomerPortal } from "./modules/customer-portal/customer-portal-service";
import { dashboardRoutes } from "./modules/dashboard/dashboard-routes";
import { healthRoutes } from "./modules/health/health-routes";
import { metricsRoutes } from "./modules/health/metrics-routes";
import { readyRoutes } from "./modules/health/ready-routes";
import { manageLinksRoutes } from "./modules/manage-links/manage-links-routes";
import { meRoutes } from "./modules/me/me-routes";
import { offeringRoutes } from "./modules/offerings/offering-routes";
import { createPublicOfferingCache } from "./modules/offerings/public-offering-cache";
import { createOgImageCache } from "./modules/og-image/og-image-cache";
import { renderOgImage } from "./modules/og-image/og-image-renderer";
import { ogImageRoutes } from "./modules/og-image/og-image-routes";
import { onboardingRoutes } from "./modules/onboarding/onboarding-routes";
import { outboxRoutes } from "./modules/outbox/outbox-routes";
import { planBillingRoutes } from "./modules/plans/plan-billing-routes";
import { profileRoutes } from "./modules/profile/profile-routes";
import { promotionRoutes } from "./modules/promotions/promotion-routes";
import { waitlistRoutes } from "./modules/seats/waitlist-routes";
import { seoRoutes } from "./modules/seo/seo-routes";
import { createSitemapReader } from "./modules/seo/sitemap";
import { finalizeTokens } from "./modules/subscribe/finalize-token";
import { subscribeRoutes } from "./modules/subscribe/subscribe-routes";
import { subscriberRoutes } from "./modules/subscribers/subscriber-routes";
import { subscriptionControlRoutes } from "./modules/subscription-control/subscription-control-routes";
import type { LandingRenderer } from "./modules/web-shell/landing-renderer";
import type { SelfServiceRenderer } from "./modules/web-shell/standalone-renderer";
import { webShellRoutes } from "./modules/web-shell/web-shell-routes";
import { webhookRoutes } from "./modules/webhooks/webhook-routes";

export interface AppDeps {
  config: Config;
  db: Db;
  logger: Logger;
  auth: Auth;
  stripe: Stripe;
  /** Billing's time (the emulator's clock in emulator mode): see billing-clock.ts. */
  clock: BillingClock;
  mailer: Mailer;
  metrics: Metrics;
  queue: JobQueue;
  isShuttingDown: () => boolean;
  publicConfig: PublicConfig;
  /** The server's secret (BETTER_AUTH_SECRET, or the development one): signs finalize tokens. */
  secret: string;
  /** Secrets that sign Stripe webhooks to us (platform and Connect endpoints). */
  webhookSecrets: string[];
  /** Built SPA; omitted in API-only tests. */
  webDistDir?: string;
  renderLanding?: LandingRenderer | null;
  renderSelfService?: SelfServiceRenderer | null;
}

export function createApp(deps: AppDeps) {
  const { config, db, logger, auth, stripe } = deps;
  const publicUrl = config.publicUrl;
  const clock = deps.clock;
  const billing: BillingDeps = {
    db,
    stripe,
    logger,
    mailer: deps.mailer,
    publicUrl,
    clock,
    queue: deps.queue,
  };
  const readPublicOffering = createPublicOfferingCache(db, 1000, 5000, () => deps.clock.now());
  const limiters = createRouteLimiters({ db, trustedProxyHops: config.trustedProxyHops });
  const app = new Hono<AppEnv>();

  app.use(requestId());
  app.use(async (c, next) => {
    await next();
    // While draining, keep-alive clients reconnect (to another instance) for their next request.
    if (deps.isShuttingDown()) c.header("Connection", "close");
  });
  app.use(requestLogger(logger));
  app.use(httpMetrics(deps.metrics));
  app.use(securityHeaders(deps.publicConfig.emulatorUrl, config.publicUrl.startsWith("https://")));
  for (const path of secretBearingPaths) app.use(path, keepOutOfCachesAndReferrers());
  const limitBody = bodyLimit({
    maxSize: 256 * 1024,
    onError: (c) => {
      // The rest of the body is never read, so the connection can't be reused.
      c.header("Connection", "close");
      throw new AppError("payload_too_large", "The request body is too large.");
    },
  });
  // Only where there can be a body: bodyLimit asks for it, which costs a public GET a full
  // Fetch Request.
  app.use("/api/*", (c, next) => (hasBody(c.req.method) ? limitBody(c, next) : next()));
  // No NUL, no bytes that aren't UTF-8 and no body that isn't JSON reach any route.
  app.use("/api/*", inputHygiene({ exemptPrefixes: ["/api/webhooks/"] }));
  app.use("/api/*", originCheck(config.publicUrl));
  // Each declared route's session, limit and access check, from its declaration
  // (server/api-routes.ts), in front of everything the route's module registers.
  const guardDeps = { auth, limiters, devRoutes: deps.publicConfig.paymentMode === "emulator" };
  installRouteGuards(app, apiRoutes, guardDeps);
  app.route("/", openApiRoutes(apiRoutes));

  app.route("/api/auth", authRoutes(auth, { trustedProxyHops: config.trustedProxyHops }));
  app.route("/", healthRoutes(db));
  app.route(
    "/",
    readyRoutes({ db, queue: deps.queue, stripe, isShuttingDown: deps.isShuttingDown }),
  );
  app.route(
    "/",
    metricsRoutes({ metrics: deps.metrics, queue: deps.queue, token: config.metricsToken }),
  );
  app.route(
    "/",
    webhookRoutes({ ...billing, webhookSecrets: deps.webhookSecrets, metrics: deps.metrics }),
  );

  app.route(
    "/",
    subscribeRoutes({
      ...billing,
      readPublicOffering,
      finalizeTokens: finalizeTokens(deps.secret),
      trustedProxyHops: config.trustedProxyHops,
    }),
  );
  app.route("/", manageLinksRoutes({ db, queue: deps.queue }));
  app.route("/", waitlistRoutes(billing));
  const customerPortal = { db, stripe, mailer: deps.mailer, logger, publicUrl, clock };
  app.route("/", customerPortalRoutes(customerPortal));
  app.route("/", subscriptionControlRoutes(customerPortal));
  // A "dev" route: its guard answers 404 unless the payment emulator is on.
  app.route("/", outboxRoutes(db));

  app.route("/", offeringRoutes({ db, stripe, clock, mailer: deps.mailer, publicUrl }));
  app.route("/", promotionRoutes({ db, stripe }));
  app.route("/", meRoutes(db));
  app.route("/", onboardingRoutes(db));
  app.route("/", connectRoutes({ db, stripe, publicUrl }));
  app.route(
    "/",
    accountRoutes({
      db,
      stripe,
      logger,
      mailer: deps.mailer,
      secrets: createAccountSecrets(auth, db),
    }),
  );
  app.route("/", planBillingRoutes({ db, stripe, clock, logger, publicUrl, queue: deps.queue }));
  app.route("/", profileRoutes(db));
  app.route("/", dashboardRoutes({ db, stripe, logger }));
  app.route("/", subscriberRoutes(billing));

  app.all("/api/*", () => {
    throw new AppError("not_found", "There is no such API endpoint.");
  });

  app.route(
    "/",
    ogImageRoutes({
      readPublicOffering,
      images: createOgImageCache({
        maxEntries: 100,
        maxConcurrentRenders: 2,
        render: renderOgImage,
      }),
    }),
  );
  // Pages drawn per request go out compressed; API answers never reach this.
  app.use(compressPages());
  app.route(
    "/",
    seoRoutes({
      publicUrl,
      readSitemap: createSitemapReader(db, publicUrl),
    }),
  );

  if (deps.webDistDir) {
    app.route(
      "/",
      webShellRoutes({
        distDir: deps.webDistDir,
        renderLanding: deps.renderLanding,
        renderSelfService: deps.renderSelfService,
        readCustomerPortal: (ref) => getCustomerPortal(customerPortal, ref),
        readPublicOffering,
        publicConfig: deps.publicConfig,
        publicUrl: config.publicUrl,
        // The pages' limit, behind the build's files (server/modules/web-shell/web-shell-api.ts).
        guards: routeGuards(guardDeps),
        // The self-service page reads the same subscription as its API: one count for guessing.
        limitSelfServiceLookup: limiters.forRule(customerPortalRoute.limit.rule),
      }),
    );
  }

  app.onError((error, c) => {
    if (isAppError(error)) {
      // A 5xx is ours or a provider's to fix: log it with what caused it.
      if (error.status >= 500) logger.error({ err: error, code: error.code }, error.message);
      return c.json({ error: { code: error.code, message: error.message } }, error.status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      const message = error.message || "The request could not be understood.";
      return c.json({ error: { code: "bad_request", message } }, error.status);
    }
    logger.error({ err: error }, "unhandled error");
    return c.json(
      {
        error: { code: "internal", message: "Something went wrong on our side. Please try again." },
      },
      500,
    );
  });

  return app;
}
