import type { ComponentProps } from "react";
import { Input } from "@/components/ui/input";

/** Dollars with a "$" prefix; min 0 and step 0.01 as the spec sets them. */
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
        type="number"
        min={0}
        step={0.01}
        inputMode="decimal"
        placeholder="0.00"
        {...props}
        className="tabular pl-7"
      />
    </div>
  );
}
