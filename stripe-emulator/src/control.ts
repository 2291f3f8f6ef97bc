import { completeOnboarding } from "./api/connect";
import type { Obj } from "./core/billing";
import { advanceClock } from "./core/clock";
import type { Emulator } from "./core/context";
import { escapeHtml, layout } from "./pages/html";
import type { EmulatorServer, Faults } from "./server";

function clockPage(em: Emulator) {
  const now = new Date(em.store.now() * 1000);
  return layout({
    title: "Stripe emulator",
    body: `<h1>Stripe emulator</h1><p>Emulator time: <strong>${escapeHtml(now.toUTCString())}</strong></p>
<p>Advancing runs renewals, failed-payment retries and expiries as they would happen over that time, and sends the webhooks.</p>
<form method="post" action="/_emulator/clock/advance"><label for="days">Advance by days</label><input id="days" name="days" type="number" min="1" max="730" value="31" required><button type="submit">Advance clock</button></form>
<h2>Recent webhooks</h2><p><a href="/_emulator/webhooks">View deliveries (JSON)</a></p>`,
  });
}

/** Emulator-only controls under /_emulator: never part of Stripe's API. */
export async function handleControl(
  em: Emulator,
  server: EmulatorServer,
  method: string,
  url: URL,
  body: Record<string, unknown>,
): Promise<unknown> {
  const path = url.pathname;
  if (path === "/_emulator" && method === "GET") return clockPage(em);
  if (path === "/_emulator/reset" && method === "POST") {
    em.store.reset();
    server.faults = null;
    return { ok: true };
  }
  if (path === "/_emulator/clock" && method === "GET")
    return { now: em.store.now(), offsetSeconds: em.store.state.clockOffset };
  if (path === "/_emulator/clock/advance" && method === "POST") {
    const days = Number(body.days ?? 0);
    const seconds = Number(body.seconds ?? 0);
    const to = Number(body.to ?? 0);
    const delta = to > 0 ? to - em.store.now() : days * 86_400 + seconds;
    if (!Number.isFinite(delta) || delta <= 0 || delta > 3 * 365 * 86_400) {
      return {
        error: { message: "Give days, seconds or a future `to` (unix seconds), up to 3 years." },
      };
    }
    advanceClock(em, delta);
    if (body.days !== undefined && typeof body.days === "string" && !url.search.includes("json")) {
      // Posted from the HTML form: show the page again.
      return clockPage(em);
    }
    return { now: em.store.now(), offsetSeconds: em.store.state.clockOffset };
  }
  if (path === "/_emulator/faults" && method === "POST") {
    const mode = String(body.mode ?? "http500");
    if (!["http500", "drop", "delay"].includes(mode))
      return { error: { message: "mode is http500, drop or delay" } };
    const faults: Faults = {
      failureRate: Math.min(Math.max(Number(body.failureRate ?? 0), 0), 1),
      mode: mode as Faults["mode"],
      delayMs: Number(body.delayMs ?? 0),
      paths: Array.isArray(body.paths) ? body.paths.map(String) : null,
    };
    server.faults = faults;
    return { faults };
  }
  if (path === "/_emulator/faults" && method === "DELETE") {
    server.faults = null;
    return { faults: null };
  }
  if (path === "/_emulator/webhooks" && method === "GET")
    return { deliveries: em.webhooks.deliveries.slice(-500) };
  if (path === "/_emulator/webhooks/flush" && method === "POST") {
    await em.webhooks.flush();
    return { ok: true };
  }
  const onboarding = /^\/_emulator\/accounts\/(acct_\w+)\/complete_onboarding$/.exec(path);
  if (onboarding && method === "POST") {
    const account = em.store.get<Obj>(onboarding[1]!, "account");
    if (!account) return null;
    completeOnboarding(em, account, {
      businessName: "Emulated Business",
      firstName: "Test",
      lastName: "Creator",
    });
    return { ok: true, account: account.id };
  }
  return null;
}
