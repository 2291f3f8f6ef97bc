import { createHmac } from "node:crypto";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { signPayload } from "../src/webhooks/signing";

// The header the emulator sends, checked by the SDK the app verifies webhooks with.
const stripe = new Stripe("sk_test_unused");
const secret = "whsec_signing_test";
const payload = JSON.stringify({ id: "evt_1", object: "event", type: "invoice.paid" }, null, 2);
const now = () => Math.floor(Date.now() / 1000);

describe("webhook signatures", () => {
  it("are accepted by the SDK's constructEvent", () => {
    const event = stripe.webhooks.constructEvent(
      payload,
      signPayload(payload, secret, now()),
      secret,
    );
    expect(event.id).toBe("evt_1");
  });

  it("have Stripe's header shape: t=<timestamp>,v1=HMAC-SHA256 of '<t>.<payload>'", () => {
    const expected = createHmac("sha256", secret).update(`1700000000.${payload}`).digest("hex");
    expect(signPayload(payload, secret, 1_700_000_000)).toBe(`t=1700000000,v1=${expected}`);
  });

  it("are refused for another secret, a changed body or an old timestamp", () => {
    const header = signPayload(payload, secret, now());
    expect(() => stripe.webhooks.constructEvent(payload, header, "whsec_other")).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() => stripe.webhooks.constructEvent(`${payload} `, header, secret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    const stale = signPayload(payload, secret, now() - 301);
    expect(() => stripe.webhooks.constructEvent(payload, stale, secret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });
});
