import type { UseFormRegisterReturn } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

/** The e-mail address a creator signs in with, as every auth form asks for it. */
export function EmailField({
  error,
  registration,
}: {
  error: string | undefined;
  registration: UseFormRegisterReturn<"email">;
}) {
  return (
    <Field id="email" label="Email" error={error}>
      <Input
        id="email"
        type="email"
        autoComplete="email"
        aria-invalid={Boolean(error)}
        aria-describedby={error ? "email-error" : undefined}
        {...registration}
      />
    </Field>
  );
}
