import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { useState } from "react";
import { publicConfig } from "@/config/boot-data";

let stripePromise: Promise<Stripe | null> | null = null;

function loadEmulatorStripe(emulatorUrl: string, publishableKey: string): Promise<Stripe | null> {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = `${emulatorUrl}/v3/stripe.js`;
    script.async = true;
    script.onload = () => {
      const factory = (window as unknown as { Stripe?: (key: string) => Stripe }).Stripe;
      resolve(factory ? factory(publishableKey) : null);
    };
    script.onerror = () => reject(new Error("Could not load the payment form. Please try again."));
    document.head.appendChild(script);
  });
}

/**
 * The one mode switch for card entry: real Stripe.js, or the emulator's compatible script.
 * `<Elements>` accepts either, so the card form is the same React code in both modes.
 */
function getStripe(): Promise<Stripe | null> {
  if (!stripePromise) {
    const { stripePublishableKey, emulatorUrl } = publicConfig;
    if (!stripePublishableKey) return Promise.resolve(null);
    stripePromise = emulatorUrl
      ? loadEmulatorStripe(emulatorUrl, stripePublishableKey)
      : loadStripe(stripePublishableKey);
  }
  return stripePromise;
}

/**
 * Stripe.js for a card form, loaded once when the form's dialog first opens (the page itself
 * stays light), and whether it could not load: then the form says so instead of waiting.
 * `isNeeded` false (nothing to pay) loads nothing.
 */
export function useStripeOnce(isNeeded = true) {
  const [isStripeUnavailable, setIsStripeUnavailable] = useState(false);
  const [stripePromise] = useState<Promise<Stripe | null> | null>(() =>
    isNeeded
      ? getStripe()
          .then((stripe) => {
            if (!stripe) setIsStripeUnavailable(true);
            return stripe;
          })
          .catch(() => {
            setIsStripeUnavailable(true);
            return null;
          })
      : null,
  );
  return { stripePromise, isStripeUnavailable };
}
