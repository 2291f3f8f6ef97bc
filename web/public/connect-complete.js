// Stripe's hosted onboarding returns here. Inside our "Complete Payment Setup" modal (a frame
// on our own origin) tell the parent, which refreshes the status and closes the modal. Opened
// on its own, the page offers the way back to the dashboard instead.
(() => {
  const isFramed = window.parent !== window;
  if (!isFramed) return;
  const link = document.getElementById("dashboard-link");
  if (link) link.hidden = true; // the dashboard must not load inside the modal's frame
  const text = document.getElementById("status-text");
  if (text) text.textContent = "You can close this window. Updating your payment status...";
  // Target our own origin only: nothing else may hear that onboarding finished.
  window.parent.postMessage({ type: "regulars:connect-onboarding-exit" }, window.location.origin);
})();
