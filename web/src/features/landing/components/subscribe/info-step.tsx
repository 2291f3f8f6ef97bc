import { type SubscriberInfo, subscriberInfoSchema } from "@contracts/subscribe";
import { zodResolver } from "@hookform/resolvers/zod";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

/**
 * Step 1: who is subscribing. The same schema guards the server.
 * 16px text on phones: iOS Safari zooms into any smaller field on focus.
 * A free offering has no card step: this form then subscribes itself (`submitLabel`,
 * `busyLabel` and `error` say so), and `onContinue` is the request. `children` go under the
 * fields, before the button (the paid path's "Have a code?").
 */
export function InfoStep({
  defaultValues,
  onContinue,
  submitLabel = "Continue to Payment",
  busyLabel,
  error,
  children,
}: {
  defaultValues?: SubscriberInfo;
  onContinue: (info: SubscriberInfo) => void | Promise<void>;
  submitLabel?: string;
  busyLabel?: string;
  error?: string | null;
  children?: ReactNode;
}) {
  const { register, handleSubmit, formState } = useForm<SubscriberInfo>({
    resolver: zodResolver(subscriberInfoSchema),
    defaultValues,
  });
  const { errors, isSubmitting } = formState;
  return (
    // noValidate: the messages come from the schema, next to each field, not browser bubbles.
    <form onSubmit={handleSubmit(onContinue)} className="space-y-4" noValidate>
      <Field id="subscriber-name" label="Full Name" error={errors.name?.message}>
        <Input
          id="subscriber-name"
          autoComplete="name"
          className="text-base sm:text-sm"
          // The customer opened the dialog to fill this in; start there, not on the close button.
          autoFocus
          required
          aria-invalid={Boolean(errors.name)}
          aria-describedby={errors.name ? "subscriber-name-error" : undefined}
          {...register("name")}
        />
      </Field>
      <Field id="subscriber-email" label="Email Address" error={errors.email?.message}>
        <Input
          id="subscriber-email"
          type="email"
          inputMode="email"
          autoComplete="email"
          className="text-base sm:text-sm"
          required
          aria-invalid={Boolean(errors.email)}
          aria-describedby={errors.email ? "subscriber-email-error" : undefined}
          {...register("email")}
        />
      </Field>
      {children}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting && busyLabel ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}
