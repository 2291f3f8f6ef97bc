import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors";
import {
  cardDeclineMessages,
  isStripeMissing,
  PLATFORM_PROFILE_REQUIRED_MESSAGE,
  toAppError,
} from "./stripe-errors";

const raw = (type: string, extra: Record<string, unknown> = {}) =>
  Stripe.errors.StripeError.generate({
    type,
    message: "Stripe's raw text: No such PaymentMethod 'pm_123'",
    ...extra,
  } as never);

describe("toAppError", () => {
  it("keeps declines to three generic reasons", () => {
    const card = (decline_code: string) =>
      toAppError(raw("card_error", { code: "card_declined", decline_code }), "x");
    expect(card("stolen_card")).toMatchObject({
      code: "payment_failed",
      message: cardDeclineMessages.declined,
    });
    expect(card("insufficient_funds").message).toBe(cardDeclineMessages.insufficientFunds);
    expect(toAppError(raw("card_error", { code: "authentication_required" }), "x").message).toBe(
      cardDeclineMessages.needsAuthentication,
    );
  });

  it("turns a missing object the client named into the caller's 4xx", () => {
    const missing = new AppError("validation_failed", "We couldn't use that card.");
    const error = raw("invalid_request_error", {
      code: "resource_missing",
      param: "payment_method",
    });
    expect(toAppError(error, "fallback", { missingResource: missing })).toBe(missing);
    // Without the caller's say-so it is our side's trouble, told in our words.
    expect(toAppError(error, "fallback")).toMatchObject({
      code: "payment_provider_error",
      message: "fallback",
    });
  });

  it("never shows Stripe's own text, and says busy or in-progress where it is", () => {
    for (const type of ["api_error", "invalid_request_error", "authentication_error"]) {
      expect(toAppError(raw(type), "fallback").message).toBe("fallback");
    }
    expect(toAppError(raw("rate_limit_error"), "x").status).toBe(503);
    expect(toAppError(raw("idempotency_error"), "x").status).toBe(409);
    expect(toAppError(new Error("socket hang up"), "fallback").status).toBe(502);
  });
});

describe("isStripeMissing", () => {
  it("is Stripe saying the object doesn't exist, and nothing else", () => {
    expect(isStripeMissing(raw("invalid_request_error", { code: "resource_missing" }))).toBe(true);
    expect(isStripeMissing(raw("invalid_request_error", { code: "parameter_missing" }))).toBe(
      false,
    );
    expect(isStripeMissing(Object.assign(new Error("x"), { code: "resource_missing" }))).toBe(
      false,
    );
    expect(isStripeMissing(undefined)).toBe(false);
  });
});

describe("the platform profile refusal", () => {
  it("gets its own code and the spec's words, whatever Stripe's exact text", () => {
    for (const message of [
      "Please review the responsibilities of managing losses for connected accounts at https://dashboard.stripe.com/settings/connect/platform-profile.",
      "You must complete your platform profile to create accounts.",
    ]) {
      expect(toAppError(raw("invalid_request_error", { message }), "fallback")).toMatchObject({
        code: "platform_profile_required",
        status: 409,
        message: PLATFORM_PROFILE_REQUIRED_MESSAGE,
      });
    }
    // Another refusal is still told in the caller's words.
    expect(toAppError(raw("invalid_request_error"), "fallback").code).toBe(
      "payment_provider_error",
    );
  });
});
