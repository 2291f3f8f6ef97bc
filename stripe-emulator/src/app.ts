import type { HttpBindings } from "@hono/node-server";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { Hono } from "hono";
import type { EmulatorServer } from "./server";

/** The emulator's one HTTP app, served by @hono/node-server (src/start.ts). */
export function createEmulatorApp(server: EmulatorServer) {
  const app = new Hono<{ Bindings: HttpBindings }>();
  app.all("*", async (c) => {
    await server.handle(c.env.incoming, c.env.outgoing);
    return RESPONSE_ALREADY_SENT;
  });
  return app;
}
