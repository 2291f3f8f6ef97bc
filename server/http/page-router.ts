import { Hono, type MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env";
import type { PageDeclaration } from "./page-declaration";
import type { RouteGuards } from "./route-guards";

/**
 * A router for declared pages (page-declaration.ts): `.page(declaration, ...handlers)` registers
 * the handlers behind the declaration's guards (its limit), at the place in the router where the
 * page must sit: after the files a wildcard page would otherwise swallow, so those never count.
 */
export class PageRouter extends Hono<AppEnv> {
  readonly #guards: RouteGuards;

  constructor(guards: RouteGuards) {
    super();
    this.#guards = guards;
  }

  page(declaration: PageDeclaration, ...handlers: MiddlewareHandler<AppEnv>[]): this {
    const method = declaration.method.toUpperCase();
    this.on(method, [declaration.path], ...this.#guards(declaration), ...handlers);
    return this;
  }
}
