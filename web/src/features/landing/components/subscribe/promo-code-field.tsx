import { formatCadencePrice } from "@contracts/cadence";
import type { PromoCodeCheck } from "@contracts/promotions";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { checkPromoCode } from "../../api/check-promo-code";
import { discountedPriceSentence } from "../../lib/promo-check-words";

const CHECK_FAILED_MESSAGE = "We couldn't check that code just now. Please try again.";

/** The applied code: what it does, the price before and after, and a way to take it off. */
function AppliedPromoCode({ promo, onRemove }: { promo: PromoCodeCheck; onRemove?: () => void }) {
  const full = formatCadencePrice(promo.priceCents, promo.cadence);
  return (
    <div className="flex items-start justify-between gap-3 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2.5 text-sm">
      <div className="min-w-0 space-y-0.5">
        <p className="font-medium break-words text-brand-800">
          {promo.code}: {promo.summary}
        </p>
        <p className="tabular text-gray-800">
          <s className="text-gray-500">
            <span className="sr-only">Was </span>
            {full}
          </s>{" "}
          <span className="sr-only">, now </span>
          <span className="font-semibold text-gray-950">{discountedPriceSentence(promo)}</span>
        </p>
      </div>
      {onRemove ? (
        <button
          type="button"
          className="shrink-0 rounded px-1 font-medium text-gray-700 underline-offset-4 hover:underline"
          onClick={onRemove}
          aria-label={`Remove code ${promo.code}`}
        >
          Remove
        </button>
      ) : null}
    </div>
  );
}

/**
 * "Have a code?": a link that opens a code field, checked with the server on Apply (or Enter).
 * It sits inside step 1's form, so Enter here applies the code instead of submitting the form.
 */
export function PromoCodeField({
  customUrl,
  applied,
  onApplied,
}: {
  customUrl: string;
  applied: PromoCodeCheck | null;
  onApplied: (promo: PromoCodeCheck | null) => void;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [isChecking, setIsChecking] = useState(false);

  async function apply() {
    const typed = code.trim();
    if (!typed) {
      setError("Enter a code first.");
      inputRef.current?.focus();
      return;
    }
    setError(null);
    setIsChecking(true);
    try {
      onApplied(await checkPromoCode({ customUrl, code: typed }));
      setCode("");
    } catch (caught) {
      setError(errorMessage(caught, CHECK_FAILED_MESSAGE));
      inputRef.current?.focus();
    } finally {
      setIsChecking(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Enter") return;
    event.preventDefault();
    if (!isChecking) void apply();
  }

  if (applied) {
    return (
      <AppliedPromoCode
        promo={applied}
        onRemove={() => {
          onApplied(null);
          setIsOpen(true);
          // The field comes back in the Remove button's place: keep the keyboard there.
          requestAnimationFrame(() => inputRef.current?.focus());
        }}
      />
    );
  }

  if (!isOpen) {
    return (
      <button
        type="button"
        className="rounded px-1 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
        onClick={() => {
          setIsOpen(true);
          requestAnimationFrame(() => inputRef.current?.focus());
        }}
      >
        Have a code?
      </button>
    );
  }

  return (
    <div className="space-y-1.5">
      <label htmlFor={`${id}-code`} className="block text-sm font-medium text-gray-800">
        Promo code
      </label>
      <div className="flex gap-2">
        <Input
          ref={inputRef}
          id={`${id}-code`}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          onKeyDown={onKeyDown}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={200}
          className="min-w-0 flex-1 text-base uppercase placeholder:normal-case sm:text-sm"
          placeholder="e.g. SPRING10"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          disabled={isChecking}
        />
        <Button
          type="button"
          variant="secondary"
          className="shrink-0"
          onClick={apply}
          disabled={isChecking}
        >
          {isChecking ? "Checking..." : "Apply"}
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
