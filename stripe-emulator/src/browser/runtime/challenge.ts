/**
 * The 3-D Secure challenge. Like Stripe.js, it shows the bank's page in a modal iframe over the
 * merchant's page and waits for an outcome, which it learns from a postMessage sent by the
 * challenge page or, failing that, by polling the PaymentIntent.
 */
import { API_BASE, type ApiCaller, type ApiResult, apiRequest, type PaymentIntent } from "./http";

const CHALLENGE_MESSAGE = "stripe-emulator-3ds-complete";
const CHALLENGE_POLL_MS = 500;

type Loose = { [field: string]: unknown };

const isObject = (value: unknown): value is Loose => !!value && typeof value === "object";

// Where the challenge lives: redirect_to_url.url, or use_stripe_sdk's stripe_js (a URL string in
// Stripe's API, an object with url in some emulators). Relative URLs are the API's.
export function challengeUrl(nextAction: unknown): string | null {
  if (!isObject(nextAction)) return null;
  let url: string | null = null;
  const redirect = nextAction.redirect_to_url;
  const sdk = nextAction.use_stripe_sdk;
  if (isObject(redirect) && typeof redirect.url === "string") {
    url = redirect.url;
  } else if (isObject(sdk)) {
    if (typeof sdk.stripe_js === "string") url = sdk.stripe_js;
    else if (isObject(sdk.stripe_js) && typeof sdk.stripe_js.url === "string")
      url = sdk.stripe_js.url;
    else if (typeof sdk.url === "string") url = sdk.url;
  }
  if (!url) return null;
  try {
    return new URL(url, `${API_BASE}/`).toString();
  } catch {
    return null;
  }
}

function stopEvent(event: Event): void {
  event.stopPropagation();
}

/** The modal: a dialog holding a Cancel button and the challenge page's frame. */
function challengeDialog(url: string) {
  const overlay = document.createElement("div");
  overlay.setAttribute("role", "dialog");
  overlay.setAttribute("aria-modal", "true");
  overlay.setAttribute("aria-label", "3D Secure authentication");
  overlay.setAttribute("data-stripe-emulator-3ds", "");
  overlay.tabIndex = -1;
  // pointer-events: a modal on the host page may have switched them off on <body>.
  overlay.style.cssText =
    "position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;" +
    "padding:16px;box-sizing:border-box;background:rgba(26,31,54,.6);pointer-events:auto;" +
    "font:14px/1.4 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1a1f36";
  const panel = document.createElement("div");
  panel.style.cssText =
    "display:flex;flex-direction:column;width:100%;max-width:440px;height:min(600px,calc(100vh - 32px));" +
    "background:#fff;border-radius:12px;overflow:hidden;box-shadow:0 24px 48px rgba(0,0,0,.3)";
  const header = document.createElement("div");
  header.style.cssText =
    "display:flex;align-items:center;justify-content:space-between;gap:8px;padding:8px 8px 8px 16px;border-bottom:1px solid #e3e8ee";
  const title = document.createElement("span");
  title.textContent = "Authenticate your payment";
  title.style.cssText = "font-weight:600";
  const close = document.createElement("button");
  close.type = "button";
  close.textContent = "Cancel";
  close.setAttribute("aria-label", "Cancel authentication");
  close.style.cssText =
    "font:inherit;padding:6px 12px;border:1px solid #cfd7df;border-radius:6px;background:#fff;color:inherit;cursor:pointer";
  const frame = document.createElement("iframe");
  frame.title = "3D Secure authentication";
  frame.src = url;
  frame.style.cssText = "flex:1;width:100%;border:0;background:#fff";
  header.appendChild(title);
  header.appendChild(close);
  panel.appendChild(header);
  panel.appendChild(frame);
  overlay.appendChild(panel);
  return { overlay, close, frame };
}

/**
 * Resolves with apiRequest's answer for the intent once the challenge is over: a PaymentIntent,
 * or a SetupIntent (`seti_…`) when a card is being saved.
 */
export function runChallenge(
  stripe: ApiCaller,
  url: string,
  paymentIntentId: string,
  clientSecret: string,
): Promise<ApiResult<PaymentIntent>> {
  return new Promise((resolve) => {
    const previousFocus = document.activeElement as HTMLElement | null;
    const { overlay, close, frame } = challengeDialog(url);

    let done = false;
    let polling = false;
    let timer: number | undefined;

    const collection = paymentIntentId.indexOf("seti_") === 0 ? "setup_intents" : "payment_intents";
    const retrieve = () =>
      apiRequest<PaymentIntent>(
        stripe,
        "GET",
        `/v1/${collection}/${encodeURIComponent(paymentIntentId)}`,
        { client_secret: clientSecret },
      );
    const cleanup = () => {
      done = true;
      clearInterval(timer);
      window.removeEventListener("message", onMessage);
      if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
      if (
        previousFocus &&
        typeof previousFocus.focus === "function" &&
        document.contains(previousFocus)
      ) {
        previousFocus.focus();
      }
    };
    const finishWith = (result: ApiResult<PaymentIntent>) => {
      if (done) return;
      cleanup();
      resolve(result);
    };
    // The message only says "done": the PaymentIntent itself is the truth about the outcome.
    const finishByFetching = () => {
      if (done) return;
      cleanup();
      retrieve().then(resolve);
    };
    function onMessage(event: MessageEvent): void {
      const data: unknown = event.data;
      if (event.source !== frame.contentWindow || !isObject(data)) return;
      if (data.type !== CHALLENGE_MESSAGE) return;
      if (data.paymentIntentId !== paymentIntentId) return;
      finishByFetching();
    }
    const poll = () => {
      if (polling || done) return;
      polling = true;
      retrieve().then((result) => {
        polling = false;
        if (result.data && result.data.status !== "requires_action") finishWith(result);
      });
    };

    window.addEventListener("message", onMessage);
    close.addEventListener("click", finishByFetching);
    overlay.addEventListener("keydown", (event) => {
      if (event.key === "Escape") {
        event.stopPropagation();
        finishByFetching();
      } else if (event.key === "Tab") {
        // Two stops only: the Cancel button and the challenge frame.
        event.preventDefault();
        (document.activeElement === close ? frame : close).focus();
      }
    });
    // Keep clicks on the overlay from reaching a host dialog's "click outside to close".
    overlay.addEventListener("pointerdown", stopEvent);
    overlay.addEventListener("mousedown", stopEvent);
    overlay.addEventListener("touchstart", stopEvent);
    frame.addEventListener("load", () => {
      if (!done) frame.focus();
    });

    document.body.appendChild(overlay);
    overlay.focus();
    timer = window.setInterval(poll, CHALLENGE_POLL_MS);
  });
}
