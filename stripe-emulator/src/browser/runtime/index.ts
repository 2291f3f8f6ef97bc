/**
 * The entry of the emulator's Stripe.js stand-in, bundled by esbuild into one ES2019 script
 * (see ../stripe-js.ts): it defines `window.Stripe`, as https://js.stripe.com/v3 does.
 */
import { Stripe } from "./stripe-instance";

declare global {
  interface Window {
    Stripe: typeof Stripe;
  }
}

if (typeof window !== "undefined") window.Stripe = Stripe;
