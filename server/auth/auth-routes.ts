import { Hono } from "hono";
import { z } from "zod";
import { credentialsSchema } from "../../contracts/auth";
import type { AppEnv } from "../http/app-env";
import { clientAddress } from "../http/rate-limit";
import { describeIssues } from "../http/validate";
import { type Auth, CLIENT_IP_HEADER } from "./auth";

const credentialRoutes = new Set(["/api/auth/sign-up/email", "/api/auth/sign-in/email"]);

// Only the fields our sign-in screen and better-auth's client send; anything else is refused.
const credentialBodySchema = credentialsSchema
  .extend({
    name: z.string().max(100).optional(),
    rememberMe: z.boolean().optional(),
    callbackURL: z.string().max(200).optional(),
  })
  .strict();

/** Mounts better-auth, with our own validation first so bad input gets a clear 400. */
export function authRoutes(auth: Auth, options: { trustProxy: boolean }) {
  const app = new Hono<AppEnv>();
  app.on(["GET", "POST"], "/*", async (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientAddress(c, options.trustProxy));

    if (c.req.method === "POST" && credentialRoutes.has(c.req.path)) {
      const text = await c.req.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return c.json(badRequest("The request body must be JSON with email and password."), 400);
      }
      const parsed = credentialBodySchema.safeParse(body);
      if (!parsed.success) {
        return c.json(badRequest(describeIssues(parsed.error.issues)), 400);
      }
      return auth.handler(new Request(c.req.raw.url, { method: "POST", headers, body: text }));
    }
    return auth.handler(new Request(c.req.raw, { headers }));
  });
  return app;
}

// better-auth's client reads `message`; our API clients read `error.message`. Serve both.
function badRequest(message: string) {
  return { code: "validation_failed", message, error: { code: "validation_failed", message } };
}
