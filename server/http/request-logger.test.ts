import { Writable } from "node:stream";
import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { describe, expect, it } from "vitest";
import { createLogger } from "../lib/logger";
import type { AppEnv } from "./app-env";
import { requestLogger } from "./request-logger";

function collectingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { logger: createLogger("info", stream), lines };
}

/** Deep in a "service": no logger or request handed down, and after an await. */
async function doBusinessWork(log: ReturnType<typeof createLogger>) {
  await new Promise((r) => setTimeout(r, 5));
  log.warn({ step: "charging" }, "a service speaks");
}

describe("request logging", () => {
  it("tags every line a request writes with its request id, its own line included", async () => {
    const { logger, lines } = collectingLogger();
    const app = new Hono<AppEnv>()
      .use(requestId())
      .use(requestLogger(logger))
      .get("/work", async (c) => {
        await doBusinessWork(logger);
        return c.text("done");
      });
    const [a, b] = await Promise.all([app.request("/work"), app.request("/work")]);
    const ids = [a.headers.get("x-request-id"), b.headers.get("x-request-id")];
    await new Promise((r) => setTimeout(r, 20));
    for (const id of ids) {
      const mine = lines.filter((line) => line.requestId === id);
      expect(mine.map((line) => line.msg).sort()).toEqual(["a service speaks", "request"]);
    }
    // Outside a request nothing is attached.
    logger.info("idle");
    await new Promise((r) => setTimeout(r, 5));
    expect(lines.at(-1)).not.toHaveProperty("requestId");
  });
});
