import { completeOnboarding } from "../api/connect";
import { closeDispute } from "../api/disputes";
import { advanceClock } from "../billing/clock";
import type { Emulator } from "../core/context";
import type { Obj } from "../core/state";
import type { EmulatorServer, Faults } from "../server";
import { renderClockPage } from "./clock-page";

export type ControlResponse =
  | { kind: "json"; status: number; json: unknown }
  | { kind: "html"; status: number; html: string };

const json = (body: unknown, status = 200): ControlResponse => ({
  kind: "json",
  status,
  json: body,
});
const problem = (message: string, status = 400) => json({ error: { message } }, status);
const MAX_ADVANCE_SECONDS = 3 * 365 * 86_400;

function clockState(em: Emulator) {
  return {
    now: em.store.now(),
    iso: new Date(em.store.now() * 1000).toISOString(),
    offsetSeconds: em.store.state.clockOffset,
  };
}

/** Emulator-only controls under /_emulator: never part of Stripe's API. */
export async function handleControl(
  em: Emulator,
  server: EmulatorServer,
  method: string,
  url: URL,
  body: Record<string, unknown>,
  fromHtmlForm: boolean,
): Promise<ControlResponse> {
  const path = url.pathname.replace(/\/$/, "");
  if (path === "/_emulator" && method === "GET")
    return { kind: "html", status: 200, html: renderClockPage(em) };
  if (path === "/_emulator/reset" && method === "POST") {
    em.store.reset();
    em.webhooks.reset();
    server.faults = null;
    return json({ ok: true });
  }
  if (path === "/_emulator/clock" && method === "GET") return json(clockState(em));
  if (path === "/_emulator/clock/advance" && method === "POST") {
    const to = Number(body.to ?? 0);
    const delta =
      to > 0 ? to - em.store.now() : Number(body.days ?? 0) * 86_400 + Number(body.seconds ?? 0);
    if (!Number.isFinite(delta) || delta <= 0 || delta > MAX_ADVANCE_SECONDS)
      return problem("Give days, seconds or a future `to` (unix seconds), up to 3 years ahead.");
    advanceClock(em, delta);
    if (fromHtmlForm)
      return {
        kind: "html",
        status: 200,
        html: renderClockPage(em, `Advanced by ${Math.round(delta / 86_400)} day(s).`),
      };
    return json(clockState(em));
  }
  if (path === "/_emulator/faults" && method === "POST") {
    const mode = String(body.mode ?? "http500");
    if (mode !== "http500" && mode !== "drop" && mode !== "delay")
      return problem("mode is http500, drop or delay");
    const failureRate = Number(body.failureRate ?? 1);
    if (!Number.isFinite(failureRate)) return problem("failureRate is a number from 0 to 1");
    const faults: Faults = {
      failureRate: Math.min(Math.max(failureRate, 0), 1),
      mode,
      delayMs: Math.max(0, Number(body.delayMs ?? 0) || 0),
      paths: Array.isArray(body.paths) ? body.paths.map(String) : null,
    };
    server.faults = faults;
    return json({ faults });
  }
  const disputeClose = /^\/_emulator\/disputes\/(dp_\w+)\/close$/.exec(path);
  if (disputeClose && method === "POST") {
    const outcome = body.outcome;
    if (outcome !== "won" && outcome !== "lost") return problem('outcome is "won" or "lost"');
    try {
      return json(closeDispute(em, disputeClose[1]!, outcome));
    } catch (error) {
      return problem(error instanceof Error ? error.message : "No such dispute");
    }
  }
  if (path === "/_emulator/faults" && method === "DELETE") {
    server.faults = null;
    return json({ faults: null });
  }
  if (path === "/_emulator/faults" && method === "GET") return json({ faults: server.faults });
  if (path === "/_emulator/settings" && method === "GET") return json(em.store.state.settings);
  if (path === "/_emulator/settings" && method === "POST") {
    const after = body.afterFinalRetry;
    if (after !== undefined && after !== "cancel" && after !== "unpaid")
      return problem("afterFinalRetry is cancel or unpaid");
    if (after) em.store.state.settings.afterFinalRetry = after;
    em.store.save();
    return json(em.store.state.settings);
  }
  if (path === "/_emulator/webhooks" && method === "GET") {
    const status = url.searchParams.get("status");
    return json({ deliveries: em.webhooks.recent(status, 500) });
  }
  if (path === "/_emulator/stats" && method === "GET") {
    const memory = process.memoryUsage();
    return json({
      store: em.store.stats(),
      pendingWebhooks: em.webhooks.pendingCount,
      memoryMb: {
        rss: Math.round(memory.rss / 1_048_576),
        heapUsed: Math.round(memory.heapUsed / 1_048_576),
        heapTotal: Math.round(memory.heapTotal / 1_048_576),
      },
    });
  }
  if (path === "/_emulator/webhooks/flush" && method === "POST") {
    await em.webhooks.flush();
    return json({
      ok: true,
      pending: em.webhooks.pendingCount,
    });
  }
  const onboarding = /^\/_emulator\/accounts\/(acct_\w+)\/complete_onboarding$/.exec(path);
  if (onboarding && method === "POST") {
    const account = em.store.get<Obj>(onboarding[1]!, "account");
    if (!account) return problem(`No such account: '${onboarding[1]}'`, 404);
    completeOnboarding(em, account, {
      businessName: String(body.business_name ?? "Emulated Business"),
      firstName: String(body.first_name ?? "Test"),
      lastName: String(body.last_name ?? "Creator"),
    });
    return json({ ok: true, account: account.id });
  }
  return problem(`Unknown control endpoint: ${method} ${url.pathname}`, 404);
}
