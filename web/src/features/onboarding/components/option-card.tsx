import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/** A radio or checkbox shown as a selectable card; the input stays real for keyboards and readers. */
export function OptionCard({
  type,
  name,
  value,
  checked,
  onChange,
  children,
}: {
  type: "radio" | "checkbox";
  name: string;
  value: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label
      className={cn(
        "flex cursor-pointer items-center gap-3 rounded-lg border px-4 py-3 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600",
        checked
          ? "border-brand-600 bg-brand-50 text-brand-900"
          : "border-gray-200 hover:border-gray-300",
      )}
    >
      <input
        type={type}
        name={name}
        value={value}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="size-4 accent-brand-700"
      />
      {children}
    </label>
  );
}
