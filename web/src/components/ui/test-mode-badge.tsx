import { publicConfig } from "@/config/boot-data";

/** Shown only in emulator mode, so nobody mistakes simulated payments for real ones. */
export function TestModeBadge() {
  if (publicConfig.paymentMode !== "emulator") return null;
  return (
    <span className="inline-flex items-center rounded-full border border-amber-300 bg-amber-50 px-2.5 py-0.5 text-xs font-medium text-amber-900">
      Test mode: payments are simulated
    </span>
  );
}
