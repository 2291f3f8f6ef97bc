import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  changePasswordFormSchema,
  confirmingPasswordSchema,
  newPasswordFormSchema,
  twoFactorChallengeFormSchemas,
} from "./auth";

function messagesOf(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("the password forms share the one password rule", () => {
  it("Change Password says every problem at once, in its own words", () => {
    expect(
      messagesOf(changePasswordFormSchema, {
        currentPassword: "",
        newPassword: "short",
        confirmPassword: "other",
      }),
    ).toEqual({
      currentPassword: "Enter your current password",
      newPassword: "Password must be at least 6 characters",
      confirmPassword: "The new passwords don't match",
    });
  });

  it("refuses a new password of spaces on Change Password as on the reset page", () => {
    const spaces = { newPassword: "        ", confirmPassword: "        " };
    expect(messagesOf(newPasswordFormSchema, spaces)).toEqual({
      newPassword: "Password can't be only spaces",
    });
    expect(messagesOf(changePasswordFormSchema, { currentPassword: "old", ...spaces })).toEqual({
      newPassword: "Password can't be only spaces",
    });
  });

  it("a confirming password is only required and bounded, like at sign-in", () => {
    const schema = confirmingPasswordSchema("Enter your password");
    expect(messagesOf(schema, "")).toEqual({ "": "Enter your password" });
    expect(schema.parse(" a ")).toBe(" a ");
    expect(messagesOf(schema, "x".repeat(129))).toEqual({
      "": "Password must be at most 128 characters",
    });
  });
});

describe("the two-factor challenge form", () => {
  it("takes an app's code as shown, with spaces, and sends the six digits", () => {
    expect(twoFactorChallengeFormSchemas.totp.parse({ code: "123 456" })).toEqual({
      code: "123456",
    });
    expect(messagesOf(twoFactorChallengeFormSchemas.totp, { code: "12345" })).toEqual({
      code: "Enter the 6-digit code from your authenticator app",
    });
  });

  it("trims a backup code", () => {
    expect(twoFactorChallengeFormSchemas.backupCode.parse({ code: " AbC12-dEf34 " })).toEqual({
      code: "AbC12-dEf34",
    });
  });
});
