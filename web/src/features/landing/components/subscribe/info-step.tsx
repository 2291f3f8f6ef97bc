import { type SubscriberInfo, subscriberInfoSchema } from "@contracts/subscribe";
import { zodResolver } from "@hookform/resolvers/zod";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { NameEmailFields } from "@/components/name-email-fields";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/**
 * Step 1: who is subscribing. The same schema guards the server.
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
      <NameEmailFields
        idPrefix="subscriber"
        register={(name) => register(name)}
        errors={errors}
        autoFocus
      />
      {children}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting && busyLabel ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}
