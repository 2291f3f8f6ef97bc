import type { HttpBindings } from "@hono/node-server";
import type { Params } from "../core/params";

export type KeyKind = "secret" | "publishable";

/** A /v1 answer: what a route returned, or a stored one replayed. */
export interface ApiResult {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** What the emulator's middlewares hand down to the route handlers (`c.var`). */
interface EmulatorVariables {
  requestId: string;
  /** /v1 only: which kind of key authenticated the call. */
  keyKind: KeyKind;
  /** /v1 only: query string and body, one bucket as on Stripe. */
  params: Params;
  /** /v1 only: the Stripe-Account the call acts on (null: the platform). */
  account: string | null;
  /** /v1 only: what a route answered (or a replay of it), rendered and recorded once. */
  result: ApiResult;
}

export interface EmulatorEnv {
  Bindings: HttpBindings;
  Variables: EmulatorVariables;
}
