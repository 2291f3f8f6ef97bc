import { CardElement } from "@stripe/react-stripe-js";
import type { StripeCardElementChangeEvent } from "@stripe/stripe-js";
import { useState } from "react";

// Stripe styles the card inside its own iframe, so it can't read our CSS: mirror the input look.
// 16px keeps iOS Safari from zooming into the field.
const cardStyle = {
  base: {
    fontSize: "16px",
    color: "#111827",
    fontFamily: '"Inter Variable", ui-sans-serif, system-ui, sans-serif',
    "::placeholder": { color: "#6b7280" },
  },
  invalid: { color: "#b91c1c" },
};

/**
 * The card, in Stripe's CardElement (inside an `<Elements>`): the number, expiry and CVC never
 * touch our page. Says what Stripe finds wrong as it is typed; `onTyped` is told once the field
 * holds something, so a form can clear the error of its last attempt.
 */
export function CardField({
  isDisabled,
  onReady,
  onTyped,
}: {
  isDisabled: boolean;
  onReady: () => void;
  onTyped?: () => void;
}) {
  const [cardError, setCardError] = useState<string | null>(null);

  function onChange(event: StripeCardElementChangeEvent) {
    setCardError(event.error?.message ?? null);
    if (!event.empty) onTyped?.();
  }

  return (
    <fieldset disabled={isDisabled}>
      <legend className="mb-1.5 block text-sm font-medium text-gray-800">Card details</legend>
      {/* A fixed height so the field doesn't jump when Stripe's iframe arrives. */}
      <div className="min-h-12 rounded-lg border border-gray-300 bg-white px-3 py-3 focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/20">
        <CardElement
          options={{ hidePostalCode: true, style: cardStyle }}
          onReady={onReady}
          onChange={onChange}
        />
      </div>
      {cardError ? <p className="mt-1.5 text-sm text-red-700">{cardError}</p> : null}
    </fieldset>
  );
}
