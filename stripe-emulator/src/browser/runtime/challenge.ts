/**
 * Browser-side source (ES2019): the 3-D Secure challenge. Like Stripe.js, it shows the bank's
 * page in a modal iframe over the merchant's page and waits for an outcome, which it learns
 * from a postMessage sent by the challenge page or, failing that, by polling the PaymentIntent.
 * Expects the http source in scope.
 */
// biome-ignore lint/complexity/noUselessStringRaw: browser source; raw keeps any regex escape literal
export const challengeSource = String.raw`
  var CHALLENGE_MESSAGE = "stripe-emulator-3ds-complete";
  var CHALLENGE_POLL_MS = 500;

  // Where the challenge lives: redirect_to_url.url, or use_stripe_sdk's stripe_js (a URL
  // string in Stripe's API, an object with url in some emulators). Relative URLs are the API's.
  function challengeUrl(nextAction) {
    if (!nextAction || typeof nextAction !== "object") return null;
    var url = null;
    if (nextAction.redirect_to_url && typeof nextAction.redirect_to_url.url === "string") {
      url = nextAction.redirect_to_url.url;
    } else if (nextAction.use_stripe_sdk && typeof nextAction.use_stripe_sdk === "object") {
      var sdk = nextAction.use_stripe_sdk;
      if (typeof sdk.stripe_js === "string") url = sdk.stripe_js;
      else if (sdk.stripe_js && typeof sdk.stripe_js.url === "string") url = sdk.stripe_js.url;
      else if (typeof sdk.url === "string") url = sdk.url;
    }
    if (!url) return null;
    try {
      return new URL(url, API_BASE + "/").toString();
    } catch (e) {
      return null;
    }
  }

  function stopEvent(event) {
    event.stopPropagation();
  }

  // Resolves with apiRequest's answer for the PaymentIntent once the challenge is over.
  function runChallenge(stripe, url, paymentIntentId, clientSecret) {
    return new Promise(function (resolve) {
      var previousFocus = document.activeElement;
      var overlay = document.createElement("div");
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
      var panel = document.createElement("div");
      panel.style.cssText =
        "display:flex;flex-direction:column;width:100%;max-width:440px;height:min(600px,calc(100vh - 32px));" +
        "background:#fff;border-radius:12px;overflow:hidden;box-shadow:0 24px 48px rgba(0,0,0,.3)";
      var header = document.createElement("div");
      header.style.cssText =
        "display:flex;align-items:center;justify-content:space-between;gap:8px;padding:8px 8px 8px 16px;border-bottom:1px solid #e3e8ee";
      var title = document.createElement("span");
      title.textContent = "Authenticate your payment";
      title.style.cssText = "font-weight:600";
      var close = document.createElement("button");
      close.type = "button";
      close.textContent = "Cancel";
      close.setAttribute("aria-label", "Cancel authentication");
      close.style.cssText =
        "font:inherit;padding:6px 12px;border:1px solid #cfd7df;border-radius:6px;background:#fff;color:inherit;cursor:pointer";
      var frame = document.createElement("iframe");
      frame.title = "3D Secure authentication";
      frame.src = url;
      frame.style.cssText = "flex:1;width:100%;border:0;background:#fff";
      header.appendChild(title);
      header.appendChild(close);
      panel.appendChild(header);
      panel.appendChild(frame);
      overlay.appendChild(panel);

      var done = false;
      var polling = false;
      var timer = null;

      function retrieve() {
        return apiRequest(stripe, "GET", "/v1/payment_intents/" + encodeURIComponent(paymentIntentId), {
          client_secret: clientSecret,
        });
      }
      function cleanup() {
        done = true;
        clearInterval(timer);
        window.removeEventListener("message", onMessage);
        if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
        if (previousFocus && typeof previousFocus.focus === "function" && document.contains(previousFocus)) {
          previousFocus.focus();
        }
      }
      function finishWith(result) {
        if (done) return;
        cleanup();
        resolve(result);
      }
      // The message only says "done": the PaymentIntent itself is the truth about the outcome.
      function finishByFetching() {
        if (done) return;
        cleanup();
        retrieve().then(resolve);
      }
      function onMessage(event) {
        var data = event.data;
        if (event.source !== frame.contentWindow || !data || data.type !== CHALLENGE_MESSAGE) return;
        if (data.paymentIntentId !== paymentIntentId) return;
        finishByFetching();
      }
      function poll() {
        if (polling || done) return;
        polling = true;
        retrieve().then(function (result) {
          polling = false;
          if (result.data && result.data.status !== "requires_action") finishWith(result);
        });
      }

      window.addEventListener("message", onMessage);
      close.addEventListener("click", finishByFetching);
      overlay.addEventListener("keydown", function (event) {
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
      frame.addEventListener("load", function () {
        if (!done) frame.focus();
      });

      document.body.appendChild(overlay);
      overlay.focus();
      timer = setInterval(poll, CHALLENGE_POLL_MS);
    });
  }
`;
