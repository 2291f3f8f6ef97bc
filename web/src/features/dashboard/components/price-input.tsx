import { type Cadence, formatCadencePrice } from "@contracts/cadence";
import { parseMoneyInput } from "@contracts/money-input";
import { isFreePrice } from "@contracts/offerings";
import type { ComponentProps } from "react";
import { Input } from "@/components/ui/input";
import { trialOffer } from "@/lib/price-words";

/**
 * Dollars with a "$" prefix, typed as text: a number input hands the form "" for what it can't
 * read in the browser's locale ("12,50"), so the app's money reader sees what was typed.
 */
export function PriceInput(props: Omit<ComponentProps<typeof Input>, "type">) {
  return (
    <div className="relative">
      <span
        aria-hidden
        className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-gray-500"
      >
        $
      </span>
      <Input
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        {...props}
        className="tabular pl-7"
      />
    </div>
  );
}

/** Says under the price what the typed amount means, so free is seen as the choice it is. */
export function priceHint(typed: string | undefined): string {
  const read = parseMoneyInput(typed ?? "");
  return read.ok && read.cents === 0
    ? "Free: subscribers join without a card and are never charged."
    : "Type 0 to make it free.";
}

/**
 * What subscribers will read, as typed: "$25.00/week", or "First 14 days free, then
 * $25.00/week". Nothing while the price can't be read (the field says why) or is free (its hint
 * says so).
 */
export function PricePreview({
  id,
  typed,
  cadence,
  trialDays,
}: {
  id: string;
  typed: string | undefined;
  cadence: Cadence;
  trialDays: string | undefined;
}) {
  const read = parseMoneyInput(typed ?? "");
  const cents = read.ok && !isFreePrice(read.cents) ? read.cents : null;
  return (
    // Always in the page so a screen reader hears the changes it announces.
    <p id={id} aria-live="polite" className="tabular -mt-2 text-sm text-gray-800 empty:hidden">
      {cents === null
        ? null
        : (trialOffer(Number(trialDays), cents, cadence) ??
          `Subscribers pay ${formatCadencePrice(cents, cadence)}`)}
    </p>
  );
}
