/** Stripe.js calls the API from the app's origin, so /v1 answers any origin, like Stripe. */
export const corsHeaders = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Headers":
    "Authorization, Content-Type, Stripe-Account, Idempotency-Key, Stripe-Version",
  "Access-Control-Allow-Methods": "GET, POST, DELETE, OPTIONS",
  "Access-Control-Expose-Headers": "Request-Id, Idempotent-Replayed, Stripe-Version",
  "Access-Control-Max-Age": "600",
};
