import path from "node:path";
import { serve } from "@hono/node-server";
import { readConfig } from "./config/env";
import { createLogger } from "./lib/logger";
import { loadLandingRenderer } from "./modules/web-shell/landing-renderer";
import { loadSelfServiceRenderer } from "./modules/web-shell/standalone-renderer";
import { startRuntime } from "./runtime";

const config = readConfig();
const logger = createLogger(config.logLevel);
const runtime = await startRuntime(config, {
  logger,
  // The emulator (in emulator mode) runs as a supervised child process with its own heap.
  emulator: "process",
  webDistDir: path.resolve("dist/web"),
  renderLanding: await loadLandingRenderer(path.resolve("dist/ssr/server-render.js")),
  renderSelfService: await loadSelfServiceRenderer(path.resolve("dist/ssr/standalone-render.js")),
});

const server = serve(
  { fetch: runtime.app.fetch, port: config.port, hostname: config.host },
  (info) => {
    logger.info(
      {
        url: config.publicUrl,
        port: info.port,
        database: runtime.database.driver,
        payments: runtime.emulator ? `emulator at ${runtime.emulator.url}` : "stripe",
      },
      `Regulars is running at ${config.publicUrl}`,
    );
  },
);

// Node closes an idle keep-alive connection after 5 s; a client that sends on it in that instant
// gets ECONNRESET (seen from Playwright's request context). Longer than a load balancer's usual
// 60 s idle timeout, so the balancer, not the server, closes first.
if ("keepAliveTimeout" in server) {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}

/** In-flight requests and jobs get this long to finish before the process exits anyway. */
const SHUTDOWN_DEADLINE_MS = 25_000;

let isShuttingDown = false;
/**
 * Graceful stop: /api/ready turns 503 at once and, on SIGTERM, the server keeps answering for
 * the drain window while the load balancer stops sending. Then the listener closes, requests in
 * flight finish, running jobs finish (pg-boss), and the emulator and the database close.
 */
async function shutdown(signal: "SIGTERM" | "SIGINT") {
  if (isShuttingDown) return;
  isShuttingDown = true;
  // Ctrl-C at a terminal has no load balancer to wait for.
  const drainMs = signal === "SIGTERM" ? config.shutdownDrainMs : 0;
  logger.info({ signal, drainMs }, "shutting down: draining, then finishing requests and jobs");
  runtime.beginShutdown();
  setTimeout(() => {
    logger.error({ deadlineMs: SHUTDOWN_DEADLINE_MS }, "shutdown took too long; exiting");
    process.exit(1);
  }, drainMs + SHUTDOWN_DEADLINE_MS).unref();
  await new Promise((resolve) => setTimeout(resolve, drainMs));
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    // Keep-alive connections with nothing in flight would hold close() open.
    const idle = setInterval(() => closeIdleConnections(server), 100);
    idle.unref();
    closeIdleConnections(server);
  });
  await runtime.close();
  logger.info("stopped");
  process.exit(0);
}

function closeIdleConnections(target: typeof server) {
  if ("closeIdleConnections" in target) target.closeIdleConnections();
}

process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
