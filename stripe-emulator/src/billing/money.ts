import type Stripe from "stripe";
import type { Emulator } from "../core/context";
import { newId, PLATFORM_BALANCE, type Stored } from "../core/state";

/**
 * Destination charge, as on Stripe: the whole amount is transferred to the destination, and the
 * application fee is then collected from it, so the destination nets the amount less the fee.
 * Direct charge (the PaymentIntent lives on a connected account): the account keeps the amount
 * less the platform's application fee.
 */
export function moveMoney(em: Emulator, pi: Stored<"payment_intent">) {
  const destination = (pi.transfer_data as { destination?: string } | null)?.destination ?? null;
  const owner = em.store.ownerOf(pi.id);
  const payee = destination ?? owner;
  const fee = (pi.application_fee_amount as number | null) ?? 0;
  if (!payee) {
    em.store.balance(PLATFORM_BALANCE).available += pi.amount;
    em.store.save();
    return;
  }
  em.store.balance(PLATFORM_BALANCE).available += fee;
  const created = em.store.now();
  if (fee > 0 || destination) {
    const applicationFee: Stripe.ApplicationFee = {
      id: newId("fee"),
      object: "application_fee",
      account: payee,
      amount: fee,
      amount_refunded: 0,
      application: "ca_emulator",
      balance_transaction: newId("txn"),
      // The charge succeeded before money moves; stored objects hold ids, not expansions.
      charge: pi.latest_charge as string,
      created,
      currency: "usd",
      fee_source: { type: "charge", charge: pi.latest_charge as string },
      livemode: false,
      originating_transaction: null,
      refunded: false,
      refunds: { object: "list", data: [], has_more: false, url: "/v1/application_fees/refunds" },
    };
    em.store.put(applicationFee);
  }
  if (destination) {
    const transfer: Stripe.Transfer = {
      id: newId("tr"),
      object: "transfer",
      amount: pi.amount,
      amount_reversed: 0,
      balance_transaction: null,
      currency: "usd",
      description: null,
      destination,
      destination_payment: newId("py"),
      reversals: { object: "list", data: [], has_more: false, url: "/v1/transfers/reversals" },
      reversed: false,
      source_transaction: pi.latest_charge,
      source_type: "card",
      transfer_group: `group_${pi.id}`,
      created,
      livemode: false,
      metadata: {},
    };
    em.store.put(transfer);
  }
  em.store.balance(payee).available += pi.amount - fee;
  em.store.save();
}

/** The balance of a connected account, or the platform's (null), in USD card funds. */
export function balanceOf(em: Emulator, account: string | null): Stripe.Balance {
  const balance = em.store.balance(account ?? PLATFORM_BALANCE);
  return {
    object: "balance",
    available: [
      { amount: balance.available, currency: "usd", source_types: { card: balance.available } },
    ],
    pending: [
      { amount: balance.pending, currency: "usd", source_types: { card: balance.pending } },
    ],
    livemode: false,
  };
}
