import { randomBytes } from "node:crypto";
import { Hono } from "hono";
import { getPath } from "hono/utils/url";
import { stripeJsSource } from "./browser/stripe-js";
import { mountControlRoutes } from "./control/routes";
import type { Emulator } from "./core/context";
import { mountApiRoutes } from "./http/api-routes";
import { corsHeaders } from "./http/cors";
import type { EmulatorEnv } from "./http/env";
import { renderError } from "./http/respond";
import { mountHostedPages } from "./routes/hosted-pages";

/** Control paths answer with or without a trailing slash (`/_emulator/` is the clock page). */
function pathOf(request: Request): string {
  const path = getPath(request);
  return path.startsWith("/_emulator/") && path.endsWith("/") ? path.slice(0, -1) : path;
}

/**
 * The emulator's one HTTP app, served by @hono/node-server (src/start.ts): Stripe's /v1 API,
 * Stripe.js at /v3, the hosted pages and the /_emulator controls. See the README's
 * "Architecture".
 */
export function createEmulatorApp(em: Emulator): Hono<EmulatorEnv> {
  const app = new Hono<EmulatorEnv>({ getPath: pathOf });
  app.use(async (c, next) => {
    // Stripe.js calls the API from the app's origin: any preflight is allowed, as on Stripe.
    if (c.req.method === "OPTIONS") return c.body(null, 204, corsHeaders);
    c.set("requestId", `req_${randomBytes(8).toString("hex")}`);
    await next();
  });
  for (const path of ["/v3", "/v3/", "/v3/stripe.js"])
    app.all(path, async (c) =>
      c.body(await stripeJsSource(em.baseUrl), 200, {
        "Content-Type": "application/javascript; charset=utf-8",
        "Access-Control-Allow-Origin": "*",
        "Cache-Control": "no-cache",
      }),
    );
  mountControlRoutes(app, em);
  mountApiRoutes(app, em);
  mountHostedPages(app, em);
  app.notFound((c) => c.text("Not found", 404));
  app.onError(renderError(em));
  return app;
}
