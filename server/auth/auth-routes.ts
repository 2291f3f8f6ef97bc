import { Hono } from "hono";
import { z } from "zod";
import { SIGN_UP_ACCEPTED_MESSAGE, authRequestSchemas as schemas } from "../../contracts/auth";
import type { AppEnv } from "../http/app-env";
import { clientAddress } from "../http/rate-limit";
import { describeIssues } from "../http/validate";
import { AppError } from "../lib/errors";
import { type Auth, CLIENT_IP_HEADER } from "./auth";

interface ExposedAuthRoute {
  method: "GET" | "POST";
  /** Below /api/auth, in Hono's syntax. */
  path: string;
  /** The JSON body; a POST route without one takes no body. */
  body?: z.ZodType;
  /** The query string; a route without one takes none. */
  query?: z.ZodType;
  /** Path parameters, by name. */
  params?: Record<string, z.ZodType>;
  /** better-auth's client posts `{}` here; an absent body means the same. */
  isBodyOptional?: boolean;
}

const noQuery = z.object({}).strict();

/**
 * The better-auth endpoints the SPA calls and the e-mailed links that lead to better-auth: the
 * only /api/auth paths that reach it. Each is checked against its contract first; every other
 * path (update-user, delete-user, list-sessions, …) answers our JSON 404.
 */
export const exposedAuthRoutes: readonly ExposedAuthRoute[] = [
  { method: "POST", path: "/sign-up/email", body: schemas.signUp },
  { method: "POST", path: "/sign-in/email", body: schemas.signIn },
  { method: "POST", path: "/sign-out", body: schemas.empty, isBodyOptional: true },
  { method: "GET", path: "/get-session", query: schemas.getSessionQuery },
  // The client refreshes a session that needs it with a POST of `{}`.
  { method: "POST", path: "/get-session", body: schemas.empty, isBodyOptional: true },
  { method: "POST", path: "/change-password", body: schemas.changePassword },
  { method: "POST", path: "/two-factor/enable", body: schemas.twoFactorPassword },
  { method: "POST", path: "/two-factor/disable", body: schemas.twoFactorDisable },
  { method: "POST", path: "/two-factor/verify-totp", body: schemas.verifyTotp },
  { method: "POST", path: "/two-factor/verify-backup-code", body: schemas.verifyBackupCode },
  { method: "POST", path: "/request-password-reset", body: schemas.requestPasswordReset },
  { method: "POST", path: "/reset-password", body: schemas.resetPassword },
  {
    method: "GET",
    path: "/reset-password/:token",
    params: { token: schemas.resetPasswordLinkToken },
    query: schemas.resetPasswordLinkQuery,
  },
  { method: "POST", path: "/send-verification-email", body: schemas.sendVerificationEmail },
  { method: "GET", path: "/verify-email", query: schemas.verifyEmailQuery },
];

/** Mounts the exposed part of better-auth, with our contracts in front and our JSON behind. */
export function authRoutes(auth: Auth, options: { trustedProxyHops: number }) {
  const app = new Hono<AppEnv>();
  for (const route of exposedAuthRoutes) {
    app.on(route.method, route.path, async (c) => {
      for (const [name, schema] of Object.entries(route.params ?? {})) {
        const parsed = schema.safeParse(c.req.param(name));
        if (!parsed.success) return badRequest(describeIssues(parsed.error.issues));
      }
      const query = (route.query ?? noQuery).safeParse(c.req.query());
      if (!query.success) return badRequest(describeIssues(query.error.issues));

      const headers = new Headers(c.req.raw.headers);
      headers.set(CLIENT_IP_HEADER, clientAddress(c, options.trustedProxyHops));
      let request: Request;
      if (route.method === "POST") {
        const text = await c.req.text();
        let body: unknown = {};
        if (text.trim() !== "" || !route.isBodyOptional) {
          try {
            body = JSON.parse(text);
          } catch {
            return badRequest("The request body must be JSON.");
          }
        }
        const parsed = (route.body ?? schemas.empty).safeParse(body);
        if (!parsed.success) return badRequest(describeIssues(parsed.error.issues));
        // better-auth gets what the contract produced (trimmed addresses, our defaults).
        const forwarded =
          route.path === "/sign-up/email" ? { name: "", ...(parsed.data as object) } : parsed.data;
        headers.set("Content-Type", "application/json");
        headers.delete("Content-Length");
        request = new Request(c.req.raw.url, {
          method: "POST",
          headers,
          body: JSON.stringify(forwarded),
        });
      } else {
        request = new Request(c.req.raw, { headers });
      }
      return toOurResponse(route, await auth.handler(request));
    });
  }
  app.all("*", () => {
    throw new AppError("not_found", "There is no such API endpoint.");
  });
  return app;
}

const codeByStatus: Record<number, string> = {
  400: "bad_request",
  401: "unauthenticated",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  422: "conflict",
  429: "rate_limited",
};

const messageByStatus: Record<number, string> = {
  401: "Sign in to continue.",
  403: "That isn't allowed.",
  404: "Not found.",
  429: "Too many requests. Please wait a minute and try again.",
};

/**
 * better-auth's words where they don't tell a person what to do next. A used backup code is
 * deleted, so a spent code and a mistyped one get the same answer: it has to cover both.
 */
const messageByAuthCode: Record<string, string> = {
  INVALID_BACKUP_CODE:
    "That backup code didn't work. Each backup code works once: if you've used this one, enter another.",
};

/**
 * better-auth's client reads `code` and `message` at the top (its codes, such as
 * INVALID_TOKEN); our API clients read `error.code` and `error.message` (ours). Serve both.
 */
function errorBody(code: string, message: string, authCode = code) {
  return { code: authCode, message, error: { code, message } };
}

function badRequest(message: string) {
  return Response.json(errorBody("validation_failed", message), { status: 400 });
}

/**
 * Every answer from better-auth leaves in our shape:
 * - an error has our JSON error (with better-auth's code and message for its client), even when
 *   better-auth sent an empty body; a 5xx becomes our generic 500, logged by the app;
 * - no JSON carries a session token: the HttpOnly cookie is the session, and page scripts
 *   (or an injected one) must never read it;
 * - sign-up says the same thing whether or not the address had an account (ADR 013).
 */
export async function toOurResponse(
  route: Pick<ExposedAuthRoute, "method" | "path">,
  response: Response,
): Promise<Response> {
  if (response.status >= 500) {
    throw new Error(`better-auth answered ${response.status} to ${route.method} ${route.path}`);
  }
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  const isJson = /^application\/json/i.test(response.headers.get("Content-Type") ?? "");

  if (response.status >= 400) {
    const body = (isJson ? await response.json().catch(() => null) : null) as {
      code?: unknown;
      message?: unknown;
    } | null;
    const code = codeByStatus[response.status] ?? "bad_request";
    const authCode = typeof body?.code === "string" ? body.code : code;
    const message =
      messageByAuthCode[authCode] ??
      (typeof body?.message === "string" && body.message.trim() !== ""
        ? body.message
        : (messageByStatus[response.status] ?? "The request could not be completed."));
    headers.set("Content-Type", "application/json");
    return new Response(JSON.stringify(errorBody(code, message, authCode)), {
      status: response.status,
      headers,
    });
  }

  if (route.path === "/sign-up/email" && response.ok) {
    // No cookie either way: the account (if new) is signed in by the sign-in that follows.
    headers.delete("Set-Cookie");
    headers.set("Content-Type", "application/json");
    return new Response(JSON.stringify({ status: true, message: SIGN_UP_ACCEPTED_MESSAGE }), {
      status: 200,
      headers,
    });
  }

  if (!isJson) return response;
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, { status: response.status, headers });
  }
  return new Response(JSON.stringify(withoutTokens(body)), { status: response.status, headers });
}

/** A copy without any `token` field, at any depth. */
function withoutTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokens);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== "token")
      .map(([key, inner]) => [key, withoutTokens(inner)]),
  );
}
