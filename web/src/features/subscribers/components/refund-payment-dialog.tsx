import { formatCents } from "@contracts/money";
import { centsToDollarsInput } from "@contracts/money-input";
import type { SubscriberPayment } from "@contracts/subscribers";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format-date";
import { useRequestKeys } from "@/lib/request-keys";
import { useRefundPayment } from "../api/refund-payment";
import { type RefundFormSchema, refundFormSchema, typedRefundCents } from "./refund-form-schema";

interface RefundPaymentDialogProps {
  subscriberId: string;
  subscriberName: string;
  payment: SubscriberPayment;
  onOpenChange: (open: boolean) => void;
  onRefunded: (refundCents: number) => void;
}

/**
 * Refunds all or part of one payment. The amount is typed in dollars and prefilled with what
 * remains; cents from here on. The platform gives its fee back in proportion and the creator's
 * share is pulled back from their Stripe balance; the customer gets a refund e-mail.
 */
export function RefundPaymentDialog({
  subscriberId,
  subscriberName,
  payment,
  onOpenChange,
  onRefunded,
}: RefundPaymentDialogProps) {
  const refund = useRefundPayment();
  const remaining = payment.amountCents - payment.refundedCents;
  // A key per exact request: a double click or a retry of the same amount is one refund; a
  // changed amount is a new request, never refused as the old one with different details.
  const requestKeys = useRequestKeys();
  const inputId = useId();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<z.input<RefundFormSchema>, unknown, z.output<RefundFormSchema>>({
    resolver: zodResolver(refundFormSchema(remaining)),
    defaultValues: { amount: centsToDollarsInput(remaining) },
    // The amount is checked as it is typed, so the button never offers a refund that can't be.
    mode: "onChange",
  });
  const cents = typedRefundCents(watch("amount"));
  const inputError = errors.amount?.message;
  const isBusy = refund.isPending;

  function changeOpen(next: boolean) {
    if (isBusy) return;
    onOpenChange(next);
  }

  const submit = handleSubmit(({ amount }) => {
    if (isBusy) return;
    const request = { subscriberId, paymentId: payment.id, amountCents: amount };
    refund.mutate(
      { ...request, idempotencyKey: requestKeys.keyFor(request) },
      {
        onSuccess: (result) => {
          onRefunded(result.refund.amountCents);
          onOpenChange(false);
        },
      },
    );
  });

  return (
    <Dialog
      open
      onOpenChange={changeOpen}
      title="Refund this payment?"
      description={`${subscriberName} paid ${formatCents(payment.amountCents)} on ${formatDate(payment.paidAt)}.`}
    >
      <form className="space-y-4" onSubmit={submit} noValidate>
        <Field
          id={inputId}
          label="Amount to refund (USD)"
          error={refund.isError ? undefined : inputError}
          hint={
            payment.refundedCents > 0
              ? `${formatCents(payment.refundedCents)} already refunded; up to ${formatCents(remaining)} left.`
              : `Up to ${formatCents(remaining)}. A smaller amount is a partial refund.`
          }
        >
          <Input
            id={inputId}
            inputMode="decimal"
            autoComplete="off"
            aria-invalid={inputError ? true : undefined}
            aria-describedby={inputError ? `${inputId}-error` : undefined}
            {...register("amount")}
            disabled={isBusy}
          />
        </Field>
        <p className="text-sm text-gray-700">
          The money goes back to {subscriberName}'s card and comes out of your earnings; the
          platform fee on it is returned in proportion. We'll e-mail {subscriberName} a refund
          notice. This can't be undone.
        </p>
        {refund.isError ? (
          <Alert tone="error">
            {errorMessage(
              refund.error,
              "Could not refund. Nothing was refunded; please try again.",
            )}
          </Alert>
        ) : null}
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => changeOpen(false)} disabled={isBusy}>
            Keep payment
          </Button>
          <Button type="submit" variant="danger" disabled={isBusy || Boolean(inputError)}>
            {isBusy
              ? "Refunding..."
              : `Refund ${cents !== null && cents > 0 ? formatCents(cents) : ""}`.trim()}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
