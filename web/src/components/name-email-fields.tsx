import type { UseFormRegisterReturn } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

type Path = "name" | "email";

interface NameEmailFieldsProps {
  /** Makes the ids unique when two forms share a page ("subscriber", "waitlist"). */
  idPrefix: string;
  /** The form's register, narrowed to these two fields. */
  register: (name: Path) => UseFormRegisterReturn;
  errors: Partial<Record<Path, { message?: string }>>;
  /** Starts on the name: the customer opened the dialog to fill it in. */
  autoFocus?: boolean;
}

/**
 * Who is subscribing (or waiting): "Full Name" and "Email Address", each described by its
 * message. 16px text on phones: iOS Safari zooms into any smaller field on focus.
 */
export function NameEmailFields({ idPrefix, register, errors, autoFocus }: NameEmailFieldsProps) {
  const nameId = `${idPrefix}-name`;
  const emailId = `${idPrefix}-email`;
  return (
    <>
      <Field id={nameId} label="Full Name" error={errors.name?.message}>
        <Input
          id={nameId}
          autoComplete="name"
          className="text-base sm:text-sm"
          autoFocus={autoFocus}
          required
          aria-invalid={Boolean(errors.name)}
          aria-describedby={errors.name ? `${nameId}-error` : undefined}
          {...register("name")}
        />
      </Field>
      <Field id={emailId} label="Email Address" error={errors.email?.message}>
        <Input
          id={emailId}
          type="email"
          inputMode="email"
          autoComplete="email"
          className="text-base sm:text-sm"
          required
          aria-invalid={Boolean(errors.email)}
          aria-describedby={errors.email ? `${emailId}-error` : undefined}
          {...register("email")}
        />
      </Field>
    </>
  );
}
