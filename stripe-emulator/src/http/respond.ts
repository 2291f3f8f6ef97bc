import type { Context, ErrorHandler, MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Emulator } from "../core/context";
import { StripeApiError } from "../core/errors";
import { publicView } from "../core/state";
import { corsHeaders } from "./cors";
import type { ApiResult, EmulatorEnv } from "./env";
import { recordResponse } from "./recorder";

const json = (body: unknown, status: number, headers: Record<string, string>) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });

/** A /v1 answer with Stripe's headers; kept in `c.var.result` for the recorder. */
export function renderResult(c: Context<EmulatorEnv>, result: ApiResult): Response {
  c.set("result", result);
  return json(result.body, result.status, {
    ...corsHeaders,
    "Request-Id": c.var.requestId,
    "Stripe-Version": "2025-07-30.basil",
    ...(result.headers ?? {}),
  });
}

function errorBody(error: unknown): { status: ContentfulStatusCode; body: unknown } {
  // An error can carry an object (a card error's payment_intent): its private fields stay in.
  if (error instanceof StripeApiError)
    return {
      status: error.status as ContentfulStatusCode,
      body: { error: publicView(error.body) },
    };
  return {
    status: 500,
    body: { error: { type: "api_error", message: `Emulator error: ${String(error)}` } },
  };
}

/**
 * Every refusal, on any path, in Stripe's shape. Anything but a StripeApiError is an emulator
 * bug: logged, and answered like Stripe's 500s.
 */
export function renderError(em: Emulator): ErrorHandler<EmulatorEnv> {
  return (error, c) => {
    // A declined card leaves a failed charge behind: written before the client hears of it.
    em.store.commit();
    if (!(error instanceof StripeApiError))
      em.logger.warn(
        `Stripe emulator failed on ${c.req.method} ${c.req.path}: ${error.stack ?? error.message}`,
      );
    const { status, body } = errorBody(error);
    return json(body, status, { ...corsHeaders, "Request-Id": c.var.requestId });
  };
}

/**
 * Outermost on /v1: once the route has answered, its changes are written (so an answer the
 * client saw survives a kill -9) and the body goes to the recorder. Injected faults are neither.
 */
export function commitAndRecord(em: Emulator): MiddlewareHandler<EmulatorEnv> {
  return async (c, next) => {
    await next();
    const entry = { source: "api" as const, method: c.req.method, path: c.req.path };
    const result = c.get("result");
    if (result) {
      em.store.commit();
      recordResponse({ ...entry, status: result.status, body: result.body });
    } else if (c.error) recordResponse({ ...entry, ...errorBody(c.error) });
  };
}
