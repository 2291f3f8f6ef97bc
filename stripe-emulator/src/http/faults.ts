import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import type { MiddlewareHandler } from "hono";
import type { Emulator } from "../core/context";
import type { EmulatorEnv } from "./env";

/** Failures injected on /v1 calls for the app's reliability tests. */
export interface Faults {
  failureRate: number;
  mode: "http500" | "drop" | "delay" | "stripe_error";
  delayMs: number;
  /** Path prefixes the faults apply to; null means every /v1 path. */
  paths: string[] | null;
  /** HTTP methods the faults apply to; null means every method. */
  methods: string[] | null;
  /**
   * For "stripe_error": the error Stripe answers with, in its own shape, so the SDK raises its
   * real error class (e.g. an invalid_request_error refusing account creation until the
   * platform's Connect profile is complete, which Stripe only says in its message).
   */
  error: { status: number; type: string; message: string; code?: string } | null;
}

/** Answers a /v1 call with the failure set through /_emulator/faults, if it draws one. */
export function injectFaults(em: Emulator): MiddlewareHandler<EmulatorEnv> {
  return async (c, next) => {
    const faults = em.faults;
    const path = c.req.path;
    if (!faults || (faults.paths && !faults.paths.some((p) => path.startsWith(p)))) return next();
    if (faults.methods && !faults.methods.includes(c.req.method)) return next();
    if (Math.random() >= faults.failureRate) return next();
    if (faults.mode === "delay") {
      await new Promise((resolve) => setTimeout(resolve, faults.delayMs));
      return next();
    }
    if (faults.mode === "drop") {
      // The connection dies without an answer; node-server must not try to write one.
      c.env.incoming.socket.destroy();
      return RESPONSE_ALREADY_SENT;
    }
    if (faults.mode === "stripe_error" && faults.error) {
      const { status, ...error } = faults.error;
      return c.json({ error }, status as 400);
    }
    return c.json(
      {
        error: {
          type: "api_error",
          message: "An error occurred with our connection to Stripe. (injected by the emulator)",
        },
      },
      500,
      { "Stripe-Should-Retry": "true" },
    );
  };
}
