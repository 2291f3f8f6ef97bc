import type { ButtonHTMLAttributes } from "react";
import { cn } from "@/lib/cn";

const variants = {
  primary: "bg-brand-700 text-white hover:bg-brand-800 disabled:bg-gray-300 disabled:text-gray-600",
  secondary:
    "border border-gray-300 bg-white text-gray-900 hover:bg-gray-50 disabled:text-gray-400 disabled:bg-gray-50",
  ghost: "text-gray-700 hover:bg-gray-100 disabled:text-gray-400",
  danger: "bg-red-700 text-white hover:bg-red-800 disabled:bg-red-300",
  success: "bg-brand-600 text-white",
} as const;

const sizes = {
  sm: "h-8 px-3 text-sm",
  md: "h-10 px-4 text-sm",
  lg: "h-12 px-6 text-base",
} as const;

export type ButtonVariant = keyof typeof variants;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: keyof typeof sizes;
}

export function buttonClasses(variant: ButtonVariant = "primary", size: keyof typeof sizes = "md") {
  return cn(
    "inline-flex items-center justify-center gap-2 rounded-lg font-medium transition-colors disabled:cursor-not-allowed",
    variants[variant],
    sizes[size],
  );
}

export function Button({
  variant = "primary",
  size = "md",
  className,
  type,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type ?? "button"}
      className={cn(buttonClasses(variant, size), className)}
      {...props}
    />
  );
}
