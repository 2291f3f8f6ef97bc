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
import { requestLogger } from "./http/request-logger";
import { securityHeaders } from "./http/security-headers";
import type { Mailer } from "./integrations/email/mailer";
import { AppError, isAppError } from "./lib/errors";
import type { Logger } from "./lib/logger";
import { healthRoutes } from "./modules/health/health-routes";
import { meRoutes } from "./modules/me/me-routes";
import { webShellRoutes } from "./modules/web-shell/web-shell-routes";

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
}

export function createApp(deps: AppDeps) {
  const { config, db, logger, auth } = deps;
  const app = new Hono<AppEnv>();

  app.use(requestId());
  app.use(requestLogger(logger));
  app.use(
    securityHeaders(deps.publicConfig.emulatorUrl, config.publicUrl.startsWith("https://")),
  );
  app.use(
    "/api/*",
    bodyLimit({
      maxSize: 256 * 1024,
      onError: () => {
        throw new AppError("payload_too_large", "The request body is too large.");
      },
    }),
  );
  app.use("/api/*", originCheck(config.publicUrl));

  app.route("/api/auth", authRoutes(auth, { trustProxy: config.trustProxy }));
  app.route("/api/health", healthRoutes(db));

  const api = new Hono<AppEnv>();
  api.use(loadSession(auth));
  api.route("/me", meRoutes(db));
  app.route("/api", api);

  app.all("/api/*", () => {
    throw new AppError("not_found", "There is no such API endpoint.");
  });

  if (deps.webDistDir) {
    app.route(
      "/",
      webShellRoutes({
        distDir: deps.webDistDir,
        db,
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
      { error: { code: "internal", message: "Something went wrong on our side. Please try again." } },
      500,
    );
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
