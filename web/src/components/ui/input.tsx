import type { InputHTMLAttributes, Ref, TextareaHTMLAttributes } from "react";
import { cn } from "@/lib/cn";

const fieldClasses =
  "block w-full rounded-lg border border-gray-300 bg-white px-3 text-sm text-gray-900 placeholder:text-gray-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20 disabled:bg-gray-100 disabled:text-gray-500 aria-[invalid=true]:border-red-600";

export function Input({
  className,
  ref,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return <input ref={ref} className={cn(fieldClasses, "h-10", className)} {...props} />;
}

export function Textarea({
  className,
  ref,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return <textarea ref={ref} className={cn(fieldClasses, "py-2", className)} {...props} />;
}

export function Select({
  className,
  ref,
  ...props
}: InputHTMLAttributes<HTMLSelectElement> & {
  ref?: Ref<HTMLSelectElement>;
  children?: React.ReactNode;
}) {
  return <select ref={ref} className={cn(fieldClasses, "h-10", className)} {...props} />;
}
