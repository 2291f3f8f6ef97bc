// The server under benchmark: the real app, plus two reference routes in the same process
// so every figure can be a ratio measured side by side.
import path from "node:path";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { readConfig } from "../../server/config/env";
import { createLogger } from "../../server/lib/logger";
import { loadLandingRenderer } from "../../server/modules/web-shell/landing-renderer";
import { startRuntime } from "../../server/runtime";

const config = readConfig();
const runtime = await startRuntime(config, {
  logger: createLogger("warn"),
  webDistDir: path.resolve("dist/web"),
  renderLanding: await loadLandingRenderer(path.resolve("dist/ssr/server-render.js")),
});

const cachedBytes = new Map<string, { body: ArrayBuffer; type: string }>();

const root = new Hono();
// Same bytes as the real landing API, without any of the work: the ceiling to compare to.
root.get("/__bench/bare/:customUrl", async (c) => {
  const url = `/api/public/offerings/${c.req.param("customUrl")}`;
  let cached = cachedBytes.get(url);
  if (!cached) {
    const real = await runtime.app.request(url);
    cached = {
      body: await real.arrayBuffer(),
      type: real.headers.get("content-type") ?? "application/json",
    };
    cachedBytes.set(url, cached);
  }
  return c.body(cached.body, 200, { "content-type": cached.type });
});
// References for the Chromium ratio. "static": the very HTML the app sends for the landing page
// (same markup, same inlined styles), captured once and served as a fixed file without its
// scripts. "plain": an unstyled stub with only the title, price and description.
const staticPages = new Map<string, string>();
root.get("/__bench/static-landing/:customUrl", async (c) => {
  const customUrl = c.req.param("customUrl");
  let html = staticPages.get(customUrl);
  if (!html) {
    const real = await runtime.app.request(`/landing/${customUrl}`);
    html = (await real.text())
      .replace(/<script type="module"[^>]*><\/script>/g, "")
      .replace(/<link rel="modulepreload"[^>]*>/g, "");
    staticPages.set(customUrl, html);
  }
  return c.html(html);
});
root.get("/__bench/plain-landing/:customUrl", async (c) => {
  const real = await runtime.app.request(`/api/public/offerings/${c.req.param("customUrl")}`);
  const { offering } = (await real.json()) as {
    offering: { title: string; priceCents: number; description: string };
  };
  const price = `$${(offering.priceCents / 100).toFixed(2)}/month`;
  return c.html(
    `<!doctype html><html><head><meta charset="utf-8"><title>${offering.title}</title></head><body><h1>${offering.title}</h1><p id="price">${price}</p><p>${offering.description}</p></body></html>`,
  );
});
// Where the server's memory is: V8's heap, or outside it (buffers, WASM, native code).
root.get("/__bench/memory", (c) => {
  // With --expose-gc, ?gc=1 collects first: live data, not garbage awaiting collection.
  if (c.req.query("gc") && typeof globalThis.gc === "function") globalThis.gc();
  return c.json(process.memoryUsage());
});
root.route("/", runtime.app);

// An orderly exit, so node --cpu-prof (bench/profile.ts) writes its profile.
process.once("SIGTERM", () => process.exit(0));

serve({ fetch: root.fetch, port: config.port, hostname: "127.0.0.1" }, (info) => {
  process.stdout.write(`READY ${info.port} ${runtime.emulator?.url ?? ""}\n`);
});
