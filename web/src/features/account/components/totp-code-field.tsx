import type { UseFormRegisterReturn } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

/** A code from the authenticator app. Apps show "123 456"; the field keeps only the digits. */
export function TotpCodeField({
  id,
  hint,
  error,
  registration,
}: {
  id: string;
  hint: string;
  error?: string;
  registration: UseFormRegisterReturn;
}) {
  return (
    <Field id={id} label="Authentication code" hint={hint} error={error}>
      <Input
        id={id}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        {...registration}
        onChange={(event) => {
          event.target.value = event.target.value.replace(/\D/g, "").slice(0, 6);
          return registration.onChange(event);
        }}
      />
    </Field>
  );
}
