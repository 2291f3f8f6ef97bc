import { escapeHtml, formatMoney, layout } from "./html";

/**
 * Progressive enhancement for the challenge buttons. With JS, each button POSTs with fetch and
 * then tells the page that opened the challenge (Stripe.js's overlay, via postMessage) that it
 * is done; outside an iframe it then follows return_url, as a 3DS redirect would. Without JS
 * (or if fetch fails) the forms post normally and the emulator's response takes over.
 * Data comes from escaped data- attributes, so nothing here is built from request input.
 */
const CHALLENGE_SCRIPT = `(function () {
  var root = document.getElementById("challenge");
  var status = document.getElementById("challenge-status");
  var forms = document.querySelectorAll("form[data-outcome]");
  var busy = false;
  function setButtons(disabled) {
    for (var i = 0; i < forms.length; i++) forms[i].querySelector("button").disabled = disabled;
  }
  for (var i = 0; i < forms.length; i++) {
    forms[i].addEventListener("submit", function (event) {
      var form = event.currentTarget;
      event.preventDefault();
      if (busy) return;
      busy = true;
      setButtons(true);
      status.textContent = "Contacting your bank…";
      var fallbackStatus = form.getAttribute("data-outcome") === "complete" ? "succeeded" : "requires_payment_method";
      fetch(form.action, { method: "POST", headers: { Accept: "application/json" }, credentials: "same-origin" })
        .then(function (res) {
          if (!res.ok) throw new Error("HTTP " + res.status);
          return res.json().catch(function () { return {}; });
        })
        .then(function (body) {
          var pi = body && body.payment_intent && typeof body.payment_intent === "object" ? body.payment_intent : body;
          var finalStatus = pi && typeof pi.status === "string" ? pi.status : fallbackStatus;
          status.textContent = fallbackStatus === "succeeded" ? "Authentication complete." : "Authentication failed.";
          var message = { type: "stripe-emulator-3ds-complete", paymentIntentId: root.getAttribute("data-payment-intent"), status: finalStatus };
          var framed = window.parent && window.parent !== window;
          if (framed) window.parent.postMessage(message, "*");
          else if (window.opener) window.opener.postMessage(message, "*");
          var returnUrl = root.getAttribute("data-return-url");
          // Only http(s): return_url is data, and a javascript: URL must never run here.
          if (!framed && /^https?:/i.test(returnUrl || "")) window.location.assign(returnUrl);
        })
        .catch(function () {
          // The JSON path failed: let the browser post the form the plain way instead.
          busy = false;
          setButtons(false);
          HTMLFormElement.prototype.submit.call(form);
        });
    });
  }
})();`;

const CHALLENGE_CSS = `
.challenge{text-align:center}
.challenge .amount{margin:8px 0 16px}
.actions{display:flex;gap:12px}.actions form{flex:1}
.actions button{margin-top:8px}
#challenge-status{min-height:1.5em;margin-top:16px}
`;

/** Stripe's "3D Secure 2 Test Page": the bank's challenge, reduced to Complete or Fail. */
export function renderThreeDSecurePage(p: {
  /** The PaymentIntent's id, or the SetupIntent's when a card is being saved. */
  paymentIntentId: string;
  /** Null when a card is saved for later (a SetupIntent): nothing is paid now. */
  amount: number | null;
  currency: string;
  completeAction: string;
  failAction: string;
  returnUrl: string | null;
}): string {
  const body = `<div class="card challenge" id="challenge" data-payment-intent="${escapeHtml(p.paymentIntentId)}" data-return-url="${escapeHtml(p.returnUrl ?? "")}">
<h1>3D Secure 2 Test Page</h1>
${
  p.amount === null
    ? "<p>Your bank asks you to confirm that this card may be saved for future payments.</p>"
    : `<p>Your bank asks you to confirm this payment.</p>
<div class="amount">${escapeHtml(formatMoney(p.amount, p.currency))}</div>`
}
<p>Complete or fail the authentication to see how your integration handles each outcome.</p>
<div class="actions">
<form method="post" action="${escapeHtml(p.failAction)}" data-outcome="fail"><button type="submit" id="test-source-fail-3ds" class="secondary">Fail</button></form>
<form method="post" action="${escapeHtml(p.completeAction)}" data-outcome="complete"><button type="submit" id="test-source-authorize-3ds">Complete</button></form>
</div>
<p id="challenge-status" role="status" aria-live="polite"></p>
</div>`;
  return layout({
    title: "3D Secure 2 Test Page",
    body,
    width: 440,
    css: CHALLENGE_CSS,
    script: CHALLENGE_SCRIPT,
  });
}
