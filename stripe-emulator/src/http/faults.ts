import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import type { MiddlewareHandler } from "hono";
import type { Emulator } from "../core/context";
import type { EmulatorEnv } from "./env";

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
