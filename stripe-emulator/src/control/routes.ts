import type { Context, Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { advanceClock } from "../billing/clock";
import { closeDispute } from "../billing/disputes";
import { completeOnboarding } from "../connect/onboarding";
import type { Emulator, Faults } from "../core/context";
import { parseBody, readBody } from "../http/body";
import type { EmulatorEnv } from "../http/env";
import { renderClockPage } from "./clock-page";

const problem = (c: Context<EmulatorEnv>, message: string, status: ContentfulStatusCode = 400) =>
  c.json({ error: { message } }, status);
const MAX_ADVANCE_SECONDS = 3 * 365 * 86_400;

function clockState(em: Emulator) {
  return {
    now: em.store.now(),
    iso: new Date(em.store.now() * 1000).toISOString(),
    offsetSeconds: em.store.state.clockOffset,
  };
}

/** The request's fields (form or JSON), and whether it came from the clock page's own form. */
async function readControlBody(c: Context<EmulatorEnv>) {
  const contentType = c.req.header("content-type") ?? "";
  return {
    body: parseBody(await readBody(c.req.raw), contentType),
    isFromHtmlForm:
      contentType.includes("application/x-www-form-urlencoded") &&
      !(c.req.header("accept") ?? "").includes("application/json"),
  };
}

/** The error a "stripe_error" fault answers with, as Stripe shapes one; null when malformed. */
function readInjectedError(value: unknown): Faults["error"] {
  if (!value || typeof value !== "object") return null;
  const { status, type, message, code } = value as Record<string, unknown>;
  const statusCode = Number(status ?? 400);
  if (!Number.isInteger(statusCode) || statusCode < 400 || statusCode > 599) return null;
  if (typeof type !== "string" || typeof message !== "string") return null;
  return { status: statusCode, type, message, ...(typeof code === "string" ? { code } : {}) };
}

/** Emulator-only controls under /_emulator: never part of Stripe's API. */
export function mountControlRoutes(app: Hono<EmulatorEnv>, em: Emulator) {
  const control = app.basePath("/_emulator");
  // Whatever a control changed is written before it answers, as after an API call.
  control.use(async (_c, next) => {
    await next();
    em.store.commit();
  });
  control.get("/", (c) => c.html(renderClockPage(em)));
  control.post("/reset", (c) => {
    em.store.reset();
    em.webhooks.reset();
    em.faults = null;
    return c.json({ ok: true });
  });
  control.get("/clock", (c) => c.json(clockState(em)));
  control.post("/clock/advance", async (c) => {
    const { body, isFromHtmlForm } = await readControlBody(c);
    const to = Number(body.to ?? 0);
    const delta =
      to > 0 ? to - em.store.now() : Number(body.days ?? 0) * 86_400 + Number(body.seconds ?? 0);
    if (!Number.isFinite(delta) || delta <= 0 || delta > MAX_ADVANCE_SECONDS)
      return problem(c, "Give days, seconds or a future `to` (unix seconds), up to 3 years ahead.");
    advanceClock(em, delta);
    if (isFromHtmlForm)
      return c.html(renderClockPage(em, `Advanced by ${Math.round(delta / 86_400)} day(s).`));
    return c.json(clockState(em));
  });
  control.post("/faults", async (c) => {
    const { body } = await readControlBody(c);
    const mode = String(body.mode ?? "http500");
    if (mode !== "http500" && mode !== "drop" && mode !== "delay" && mode !== "stripe_error")
      return problem(c, "mode is http500, drop, delay or stripe_error");
    const error = readInjectedError(body.error);
    if (mode === "stripe_error" && !error)
      return problem(c, "stripe_error needs error: {status: 400..599, type, message, code?}");
    const failureRate = Number(body.failureRate ?? 1);
    if (!Number.isFinite(failureRate)) return problem(c, "failureRate is a number from 0 to 1");
    const faults: Faults = {
      failureRate: Math.min(Math.max(failureRate, 0), 1),
      mode,
      delayMs: Math.max(0, Number(body.delayMs ?? 0) || 0),
      paths: Array.isArray(body.paths) ? body.paths.map(String) : null,
      methods: Array.isArray(body.methods)
        ? body.methods.map((m) => String(m).toUpperCase())
        : null,
      error: mode === "stripe_error" ? error : null,
    };
    em.faults = faults;
    return c.json({ faults });
  });
  control.delete("/faults", (c) => {
    em.faults = null;
    return c.json({ faults: null });
  });
  control.get("/faults", (c) => c.json({ faults: em.faults }));
  control.post("/disputes/:id{dp_\\w+}/close", async (c) => {
    const { body } = await readControlBody(c);
    const outcome = body.outcome;
    if (outcome !== "won" && outcome !== "lost") return problem(c, 'outcome is "won" or "lost"');
    try {
      return c.json(closeDispute(em, c.req.param("id"), outcome));
    } catch (error) {
      return problem(c, error instanceof Error ? error.message : "No such dispute");
    }
  });
  control.get("/settings", (c) => c.json(em.store.state.settings));
  control.post("/settings", async (c) => {
    const { body } = await readControlBody(c);
    const after = body.afterFinalRetry;
    if (after !== undefined && after !== "cancel" && after !== "unpaid")
      return problem(c, "afterFinalRetry is cancel or unpaid");
    if (after) em.store.state.settings.afterFinalRetry = after;
    if (body.renewalDraftSeconds !== undefined) {
      const seconds = Number(body.renewalDraftSeconds);
      if (!Number.isInteger(seconds) || seconds < 0 || seconds > 86_400)
        return problem(c, "renewalDraftSeconds is a whole number of seconds from 0 to 86400");
      em.store.state.settings.renewalDraftSeconds = seconds;
    }
    em.store.save();
    return c.json(em.store.state.settings);
  });
  control.get("/webhooks", (c) =>
    c.json({ deliveries: em.webhooks.recent(c.req.query("status") ?? null, 500) }),
  );
  control.get("/stats", (c) => {
    const memory = process.memoryUsage();
    return c.json({
      store: em.store.stats(),
      pendingWebhooks: em.webhooks.pendingCount,
      memoryMb: {
        rss: Math.round(memory.rss / 1_048_576),
        heapUsed: Math.round(memory.heapUsed / 1_048_576),
        heapTotal: Math.round(memory.heapTotal / 1_048_576),
      },
    });
  });
  control.post("/webhooks/flush", async (c) => {
    await em.webhooks.flush();
    return c.json({ ok: true, pending: em.webhooks.pendingCount });
  });
  control.post("/accounts/:id{acct_\\w+}/complete_onboarding", async (c) => {
    const { body } = await readControlBody(c);
    const id = c.req.param("id");
    const account = em.store.get(id, "account");
    if (!account) return problem(c, `No such account: '${id}'`, 404);
    completeOnboarding(em, account, {
      businessName: String(body.business_name ?? "Emulated Business"),
      firstName: String(body.first_name ?? "Test"),
      lastName: String(body.last_name ?? "Creator"),
    });
    return c.json({ ok: true, account: account.id });
  });
  control.all("/*", (c) =>
    problem(c, `Unknown control endpoint: ${c.req.method} ${new URL(c.req.url).pathname}`, 404),
  );
}
