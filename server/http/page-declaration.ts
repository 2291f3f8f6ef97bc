import type { RouteFacts } from "./route-declaration";

/**
 * A route of the web shell: the SPA's pages and the files of the web build. Their paths are
 * wildcards (`/*`, `/assets/*`, `/connect-complete.*`), which an OpenAPI path can't be, so they
 * are declared here rather than with declareRoute, with the same facts: who may ask and how
 * often (ADR 028). Every other route, whatever it answers (JSON, text, an image), is a
 * declareRoute in server/api-routes.ts.
 */
export type PageDeclaration = RouteFacts & {
  method: "get";
  /** As Hono registers it, from the root: `/assets/*`. */
  path: string;
  summary: string;
  /** What it answers with. */
  contentType: string;
};

export const declarePage = <const P extends PageDeclaration>(page: P): P => page;

/** "GET /assets/*", the way Hono registers it (and the tests name routes). */
export const pageKeyOf = (page: PageDeclaration) => `${page.method.toUpperCase()} ${page.path}`;
