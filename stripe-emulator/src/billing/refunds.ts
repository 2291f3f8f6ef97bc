import type Stripe from "stripe";
import type { Emulator } from "../core/context";
import { invalid, StripeApiError } from "../core/errors";
import { newId, PLATFORM_BALANCE, type Stored } from "../core/state";

const share = (whole: number, part: number, total: number) =>
  total === 0 ? 0 : Math.round((whole * part) / total);

/**
 * Refunds (part of) a charge, as Stripe does for destination charges: the platform pays the
 * customer back; `reverse_transfer` pulls a proportional part of the transfer back from the
 * destination; `refund_application_fee` (which needs `reverse_transfer` there) gives the
 * platform's proportional fee up. Without it the platform keeps its fee, which the destination
 * then covers. Emits `refund.created` and `charge.refunded`.
 */
export function refundCharge(
  em: Emulator,
  charge: Stored<"charge">,
  input: {
    amount?: number;
    reason: string | null;
    metadata: Record<string, string>;
    reverseTransfer: boolean;
    refundApplicationFee: boolean;
  },
): Stored<"refund"> {
  const remaining = (charge.amount as number) - (charge.amount_refunded as number);
  if (charge.status !== "succeeded")
    throw invalid("charge", `Charge ${charge.id} has not succeeded and cannot be refunded.`);
  if (remaining <= 0)
    throw new StripeApiError(400, {
      type: "invalid_request_error",
      code: "charge_already_refunded",
      message: `Charge ${charge.id} has already been refunded.`,
    });
  const amount = input.amount ?? remaining;
  if (amount <= 0) throw invalid("amount", "Invalid positive integer");
  if (amount > remaining)
    throw invalid(
      "amount",
      `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(remaining / 100).toFixed(2)})`,
    );
  const destination = (charge.transfer_data as { destination?: string } | null)?.destination;
  if (input.reverseTransfer && !destination)
    throw invalid(
      "reverse_transfer",
      "You cannot reverse the transfer of a charge that has no transfer (`transfer_data[destination]`).",
    );
  if (input.refundApplicationFee && destination && !input.reverseTransfer)
    throw invalid(
      "refund_application_fee",
      "Refunding the application fee of a destination charge requires `reverse_transfer`.",
    );
  const now = em.store.now();
  const owner = em.store.ownerOf(charge.id);
  const id = newId("re");
  const fee = em.store.listWhere("application_fee", "charge", charge.id)[0];
  const transfer = em.store.listWhere("transfer", "source_transaction", charge.id)[0];

  // The customer is paid back by whoever holds the charge: the platform, or a direct charge's account.
  em.store.balance(owner ?? PLATFORM_BALANCE).available -= amount;
  let reversalId: string | null = null;
  if (input.reverseTransfer && transfer && destination) {
    const reversed = Math.min(
      share(transfer.amount as number, amount, charge.amount as number),
      (transfer.amount as number) - (transfer.amount_reversed as number),
    );
    const reversal: Stripe.TransferReversal = {
      id: newId("trr"),
      object: "transfer_reversal",
      amount: reversed,
      balance_transaction: newId("txn"),
      created: now,
      currency: "usd",
      destination_payment_refund: newId("pyr"),
      metadata: {},
      source_refund: id,
      transfer: transfer.id,
    };
    reversalId = reversal.id;
    transfer.amount_reversed = (transfer.amount_reversed as number) + reversed;
    transfer.reversed = transfer.amount_reversed === transfer.amount;
    transfer.reversals = {
      ...transfer.reversals,
      data: [reversal, ...(transfer.reversals?.data ?? [])],
    };
    em.store.put(transfer);
    em.store.balance(destination).available -= reversed;
    em.store.balance(PLATFORM_BALANCE).available += reversed;
  }
  if (fee) {
    const feePart = Math.min(
      share(fee.amount as number, amount, charge.amount as number),
      (fee.amount as number) - (fee.amount_refunded as number),
    );
    if (input.refundApplicationFee) {
      const feeRefund: Stripe.FeeRefund = {
        id: newId("fr"),
        object: "fee_refund",
        amount: feePart,
        balance_transaction: newId("txn"),
        created: now,
        currency: "usd",
        fee: fee.id,
        metadata: {},
      };
      fee.amount_refunded = (fee.amount_refunded as number) + feePart;
      fee.refunded = fee.amount_refunded === fee.amount;
      fee.refunds = { ...fee.refunds, data: [feeRefund, ...(fee.refunds?.data ?? [])] };
      em.store.put(fee);
      // The fee goes back to the account it was collected from: the destination of a
      // destination charge, the connected account of a direct one.
      const feePayer = destination ?? owner;
      if (feePayer) {
        em.store.balance(PLATFORM_BALANCE).available -= feePart;
        em.store.balance(feePayer).available += feePart;
      }
    }
  }

  // Typed with the SDK's own basil type, so the shape cannot drift from Stripe's.
  const refund: Stripe.Refund = {
    id,
    object: "refund",
    amount,
    balance_transaction: newId("txn"),
    charge: charge.id,
    created: now,
    currency: "usd",
    destination_details: {
      type: "card",
      card: {
        reference_status: "pending",
        reference_type: "acquirer_reference_number",
        type: "refund",
      },
    } as Stripe.Refund.DestinationDetails,
    metadata: input.metadata,
    payment_intent: (charge.payment_intent as string | null) ?? null,
    reason: (input.reason as Stripe.Refund.Reason | null) ?? null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: "succeeded",
    transfer_reversal: reversalId,
  };
  const stored = em.store.put(refund, owner);
  charge.amount_refunded = (charge.amount_refunded as number) + amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  em.store.put(charge);
  em.store.save();
  em.webhooks.emit("refund.created", stored);
  em.webhooks.emit("charge.refunded", charge, {
    previous: { amount_refunded: charge.amount_refunded - amount, refunded: false },
  });
  return stored;
}
