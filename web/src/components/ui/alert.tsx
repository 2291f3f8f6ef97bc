import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

const tones = {
  error: "border-red-200 bg-red-50 text-red-800",
  success: "border-brand-200 bg-brand-50 text-brand-800",
  warning: "border-yellow-300 bg-yellow-50 text-yellow-900",
  info: "border-gray-200 bg-gray-50 text-gray-800",
} as const;

export function Alert({
  tone,
  children,
  className,
}: {
  tone: keyof typeof tones;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn("rounded-lg border px-4 py-3 text-sm", tones[tone], className)}
    >
      {children}
    </div>
  );
}
