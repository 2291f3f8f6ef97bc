import type { TestApp } from "../setup/test-app";

/**
 * Every path and method better-auth's own router answers, read from its endpoint table rather
 * than listed by hand, so an endpoint added by an upgrade is walked too.
 */
export function betterAuthEndpoints(app: TestApp) {
  const endpoints: Array<{ method: string; path: string }> = [];
  for (const endpoint of Object.values(app.runtime.deps.auth.api) as Array<{
    path?: string;
    options?: { method?: string | string[] };
  }>) {
    if (!endpoint.path) continue; // server-only: no HTTP route
    const methods = endpoint.options?.method ?? "GET";
    for (const method of Array.isArray(methods) ? methods : [methods]) {
      endpoints.push({ method: method === "*" ? "GET" : method, path: endpoint.path });
    }
  }
  return endpoints;
}
