// Tells the onboarding modal (our page, our origin) that the hosted onboarding finished.
if (window.parent !== window) {
  window.parent.postMessage({ type: "regulars:connect-onboarding-exit" }, window.location.origin);
}
