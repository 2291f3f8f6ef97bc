import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import type Stripe from "stripe";
import type { PublicConfig } from "../contracts/public-config";
import type { Auth } from "./auth/auth";
import { authRoutes } from "./auth/auth-routes";
import { loadSession } from "./auth/require-creator";
import type { Config } from "./config/env";
import type { Db } from "./db/client";
import type { AppEnv } from "./http/app-env";
import { originCheck } from "./http/origin-check";
import { rateLimitByAddress } from "./http/rate-limit";
import { requestLogger } from "./http/request-logger";
import { securityHeaders } from "./http/security-headers";
import type { Mailer } from "./integrations/email/mailer";
import { AppError, isAppError } from "./lib/errors";
import type { Logger } from "./lib/logger";
import { accountRoutes } from "./modules/account/account-routes";
import type { BillingDeps } from "./modules/billing/billing-sync";
import { connectRoutes } from "./modules/connect/connect-routes";
import {
  billingActionRoutes,
  customerRoutes,
} from "./modules/customer-portal/customer-portal-routes";
import { dashboardRoutes } from "./modules/dashboard/dashboard-routes";
import { healthRoutes } from "./modules/health/health-routes";
import { meRoutes } from "./modules/me/me-routes";
import { offeringRoutes } from "./modules/offerings/offering-routes";
import { createPublicOfferingCache } from "./modules/offerings/public-offering-cache";
import { onboardingRoutes } from "./modules/onboarding/onboarding-routes";
import { outboxRoutes } from "./modules/outbox/outbox-routes";
import { subscribeRoutes } from "./modules/subscribe/subscribe-routes";
import type { LandingRenderer } from "./modules/web-shell/landing-renderer";
import { webShellRoutes } from "./modules/web-shell/web-shell-routes";
import { webhookRoutes } from "./modules/webhooks/webhook-routes";

export interface AppDeps {
  config: Config;
  db: Db;
  logger: Logger;
  auth: Auth;
  stripe: Stripe;
  mailer: Mailer;
  publicConfig: PublicConfig;
  /** Secrets that sign Stripe webhooks to us (platform and Connect endpoints). */
  webhookSecrets: string[];
  /** Built SPA; omitted in API-only tests. */
  webDistDir?: string;
  renderLanding?: LandingRenderer | null;
}

export function createApp(deps: AppDeps) {
  const { config, db, logger, auth, stripe } = deps;
  const publicUrl = config.publicUrl;
  const billing: BillingDeps = { db, stripe, logger, mailer: deps.mailer, publicUrl };
  const readPublicOffering = createPublicOfferingCache(db);
  const limit = (name: string, max: number) =>
    rateLimitByAddress({ db, name, max, windowSeconds: 60, trustProxy: config.trustProxy });
  const app = new Hono<AppEnv>();

  app.use(requestId());
  app.use(requestLogger(logger));
  app.use(securityHeaders(deps.publicConfig.emulatorUrl, config.publicUrl.startsWith("https://")));
  app.use(
    "/api/*",
    bodyLimit({
      maxSize: 256 * 1024,
      onError: (c) => {
        // The rest of the body is never read, so the connection can't be reused.
        c.header("Connection", "close");
        throw new AppError("payload_too_large", "The request body is too large.");
      },
    }),
  );
  app.use("/api/*", originCheck(config.publicUrl));

  app.route("/api/auth", authRoutes(auth, { trustProxy: config.trustProxy }));
  app.route("/api/health", healthRoutes(db));
  app.route("/api/webhooks", webhookRoutes({ ...billing, webhookSecrets: deps.webhookSecrets }));

  // Public, account-less routes: customers and landing pages. Lookups are rate limited.
  app.use("/api/public/customers/*", limit("customer-lookup", 60));
  app.use("/api/create-billing-portal", limit("customer-lookup", 60));
  app.use("/api/cancel-subscription", limit("customer-lookup", 60));
  app.use("/api/public/subscribe", limit("subscribe", 30));
  app.use("/api/public/checkout", limit("subscribe", 30));
  app.route("/api/public", subscribeRoutes({ ...billing, readPublicOffering }));
  app.route("/api/public/customers", customerRoutes({ db, stripe, publicUrl }));
  app.route("/api", billingActionRoutes({ db, stripe, publicUrl }));
  if (deps.publicConfig.paymentMode === "emulator") {
    app.route("/api/dev/outbox", outboxRoutes(db));
  }

  // Creator routes: the session comes from the HttpOnly cookie, loaded only where needed
  // (public routes never pay for the lookup); each router then requires it.
  const creatorRouters = {
    me: meRoutes(db),
    onboarding: onboardingRoutes(db),
    connect: connectRoutes({ db, stripe, publicUrl }),
    offerings: offeringRoutes({ db, stripe }),
    dashboard: dashboardRoutes({ db, stripe, logger }),
    account: accountRoutes({ db, stripe }),
  };
  for (const [name, router] of Object.entries(creatorRouters)) {
    app.route(`/api/${name}`, new Hono<AppEnv>().use(loadSession(auth)).route("/", router));
  }

  app.all("/api/*", () => {
    throw new AppError("not_found", "There is no such API endpoint.");
  });

  if (deps.webDistDir) {
    app.route(
      "/",
      webShellRoutes({
        distDir: deps.webDistDir,
        renderLanding: deps.renderLanding,
        readPublicOffering,
        publicConfig: deps.publicConfig,
        publicUrl: config.publicUrl,
      }),
    );
  }

  app.onError((error, c) => {
    if (isAppError(error)) {
      return c.json({ error: { code: error.code, message: error.message } }, error.status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      const message = error.message || "The request could not be understood.";
      return c.json({ error: { code: "bad_request", message } }, error.status);
    }
    logger.error({ err: error, requestId: c.get("requestId") }, "unhandled error");
    return c.json(
      {
        error: { code: "internal", message: "Something went wrong on our side. Please try again." },
      },
      500,
    );
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
