import path from "node:path";
import { serve } from "@hono/node-server";
import { readConfig } from "./config/env";
import { createLogger } from "./lib/logger";
import { loadLandingRenderer } from "./modules/web-shell/landing-renderer";
import { startRuntime } from "./runtime";

const config = readConfig();
const logger = createLogger(config.logLevel);
const runtime = await startRuntime(config, {
  logger,
  webDistDir: path.resolve("dist/web"),
  renderLanding: await loadLandingRenderer(path.resolve("dist/ssr/server-render.js")),
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

let isShuttingDown = false;
async function shutdown(signal: string) {
  if (isShuttingDown) return;
  isShuttingDown = true;
  logger.info({ signal }, "shutting down");
  server.close();
  await runtime.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
