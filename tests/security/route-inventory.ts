import type { TestApp } from "../setup/test-app";

/** A route as registered: its method and its path pattern (`/api/offerings/:id`). */
export interface RouteRef {
  method: string;
  path: string;
}

export const routeKey = (route: RouteRef) => `${route.method} ${route.path}`;

/**
 * Every endpoint the Hono app registers (middleware and the catch-alls left out), read from
 * the app itself so a new route is covered without anyone remembering to list it. better-auth
 * sits behind /api/auth as one mount; its endpoints come from `betterAuthRoutes`.
 */
export function registeredRoutes(app: TestApp): RouteRef[] {
  const seen = new Map<string, RouteRef>();
  for (const route of app.runtime.app.routes) {
    if (route.method === "ALL" || route.path.includes("*")) continue;
    if (route.path.startsWith("/api/auth")) continue;
    const ref = { method: route.method, path: route.path };
    seen.set(routeKey(ref), ref);
  }
  return [...seen.values()];
}

interface EndpointLike {
  path?: string;
  options?: { method?: string | string[]; metadata?: { SERVER_ONLY?: boolean } };
}

/**
 * Every endpoint better-auth (with its plugins) can route, under /api/auth: the ones we expose
 * and the ones we don't, so a plugin added later is sent hostile input too.
 */
export function betterAuthRoutes(app: TestApp): RouteRef[] {
  const endpoints = Object.values(app.runtime.deps.auth.api as unknown as Record<string, unknown>);
  const routes = new Map<string, RouteRef>();
  for (const endpoint of endpoints as EndpointLike[]) {
    if (!endpoint?.path || !endpoint.options || endpoint.options.metadata?.SERVER_ONLY) continue;
    const methods = [endpoint.options.method ?? "GET"].flat();
    for (const method of methods) {
      if (method === "*") continue;
      const ref = { method, path: `/api/auth${endpoint.path}` };
      routes.set(routeKey(ref), ref);
    }
  }
  return [...routes.values()];
}

/** Fills a pattern's parameters: known ones from `values`, any other with a harmless word. */
export function concretePath(path: string, values: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_match, name: string) =>
    encodeURIComponent(values[name] ?? "anything"),
  );
}

export const isMutating = (route: RouteRef) => !["GET", "HEAD", "OPTIONS"].includes(route.method);
