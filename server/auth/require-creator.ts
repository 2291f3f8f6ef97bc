import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../http/app-env";
import { AppError } from "../lib/errors";
import type { Auth } from "./auth";

/** Loads the session from the HttpOnly cookie; creator routes refuse anonymous callers. */
export function loadSession(auth: Auth) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    c.set("session", session);
    await next();
  });
}

export function requireCreator() {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!c.get("session")) {
      throw new AppError("unauthenticated", "Please sign in to continue.");
    }
    await next();
  });
}

export function currentUser(c: { get(key: "session"): AppEnv["Variables"]["session"] }) {
  const session = c.get("session");
  if (!session) throw new AppError("unauthenticated", "Please sign in to continue.");
  return session.user;
}
