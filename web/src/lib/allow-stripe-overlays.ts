/**
 * A modal Radix dialog sets `pointer-events: none` on <body>, and Stripe.js puts its 3-D Secure
 * challenge in an iframe appended to <body>, which then can't be clicked
 * (radix-ui/primitives#2122). While a payment is being confirmed, give <body> its pointer
 * events back; our dialog's overlay still covers the page, and the dialog refuses to close
 * while busy. Returns the function that puts Radix's value back.
 */
export function allowStripeOverlays(): () => void {
  const { body } = document;
  const previous = body.style.pointerEvents;
  body.style.pointerEvents = "auto";
  return () => {
    body.style.pointerEvents = previous;
  };
}
