import { z } from "zod";
import { isPlainText, singleLineText } from "./text";

const emailSchema = z
  .string()
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .pipe(z.email("Enter a valid email address"));

/** better-auth is configured with the same bounds (server/auth/auth.ts). */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * The one rule for a password someone chooses: at sign-up, on Change Password and from a reset
 * link. The password is kept exactly as typed (spaces inside or around it are part of it), but
 * spaces at either end don't count towards the minimum, so "      " or "  abc  " is refused,
 * and like any text we take, it holds no control or text-direction characters.
 */
const passwordSchema = z.string().superRefine((value, ctx) => {
  const counted = value.trim().length;
  let message: string | null = null;
  if (value.length === 0) message = "Password is required";
  else if (counted === 0) message = "Password can't be only spaces";
  else if (value.length < PASSWORD_MIN_LENGTH)
    message = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  else if (counted < PASSWORD_MIN_LENGTH)
    message = `Password must be at least ${PASSWORD_MIN_LENGTH} characters, not counting spaces at the start or end`;
  else if (value.length > PASSWORD_MAX_LENGTH)
    message = `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
  // No key types these; they only make a password that can't be typed again (contracts/text.ts).
  else if (!isPlainText(value))
    message = "Password can't contain control or text-direction characters";
  if (message) ctx.addIssue({ code: "custom", message });
});

/**
 * A password someone types to prove who they are (sign-in, confirming a change). Only its
 * presence and the upper bound are checked: the rules above are for choosing one, and a sign-in
 * must not tell anyone what they are.
 */
export const currentPasswordSchema = z
  .string()
  .min(1, "Password is required")
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const credentialsSchema = z.object({ email: emailSchema, password: passwordSchema });

/** The sign-in form: any password that could have been chosen is worth checking. */
export const signInCredentialsSchema = z.object({
  email: emailSchema,
  password: currentPasswordSchema,
});
export type SignInCredentials = z.infer<typeof signInCredentialsSchema>;

/** "Forgot password?": the address to send a reset link to. */
export const passwordResetRequestSchema = z.object({ email: emailSchema });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** The same rules as sign-up; the token comes from the e-mailed link. */
const resetPasswordSchema = z.object({
  token: z.string().min(1, "The reset link is incomplete").max(200, "The reset link is not valid"),
  newPassword: passwordSchema,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/**
 * A password typed to confirm an action (Change Password, 2FA, Delete Account): the sign-in rule,
 * with the form's own words for leaving it blank.
 */
export const confirmingPasswordSchema = (blankMessage: string) =>
  z.string().min(1, blankMessage).pipe(currentPasswordSchema);

/** A new password is typed twice; the second must repeat it (the form words the mismatch). */
function repeatsNewPassword(
  message: string,
): [(value: NewPasswordPair) => boolean, { message: string; path: string[] }] {
  return [
    (value) => value.newPassword === value.confirmPassword,
    { message, path: ["confirmPassword"] },
  ];
}
type NewPasswordPair = { newPassword: string; confirmPassword: string };

/** The reset-password page's form: the new password typed twice. */
export const newPasswordFormSchema = z
  .object({ newPassword: passwordSchema, confirmPassword: z.string() })
  .refine(...repeatsNewPassword("Passwords don't match"));
export type NewPasswordForm = z.infer<typeof newPasswordFormSchema>;

/** The Change Password dialog: the same rule as at sign-up for the new one (spec 9). */
export const changePasswordFormSchema = z
  .object({
    currentPassword: confirmingPasswordSchema("Enter your current password"),
    newPassword: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine(...repeatsNewPassword("The new passwords don't match"));
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** One answer whether or not the address has an account, so nobody learns who does. */
export const PASSWORD_RESET_SENT_MESSAGE =
  "If an account uses that address, we've sent it a link to reset the password. The link works once, for 1 hour.";

/**
 * Sign-up answers the same whether or not the address has an account (ADR 013). The form then
 * signs in with the same details; when that fails, this is what it says.
 */
export const SIGN_UP_ACCEPTED_MESSAGE =
  "If the address is new, the account is created and a verification e-mail is on its way; if it already has an account, we've e-mailed it instead. Sign in to continue.";

export const SIGN_UP_SIGN_IN_FAILED_MESSAGE =
  "If this address already has an account, we've e-mailed it. Sign in or reset your password.";

/** A code from an authenticator app: six digits (apps show "123 456"; the form drops spaces). */
export const totpCodeSchema = z
  .string()
  .regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app");

/** The code as typed into a form, spaces and all; what is sent is the six digits. */
const typedTotpCodeSchema = z
  .string()
  .transform((value) => value.replace(/\s/g, ""))
  .pipe(totpCodeSchema);

/**
 * Turning two-factor off from the Account tab: the password and a code from the authenticator
 * app, as deleting the account asks (a password alone, learned by someone else, must not be
 * enough to remove the protection it was added for).
 */
export const twoFactorDisableFormSchema = z.object({
  password: confirmingPasswordSchema("Enter your password"),
  code: typedTotpCodeSchema,
});
export type TwoFactorDisableForm = z.input<typeof twoFactorDisableFormSchema>;

/** What the API says when the code is absent or not six digits. */
const TOTP_CODE_REQUIRED_MESSAGE = "Enter the 6-digit code from your authenticator app.";

/** better-auth's backup codes are two groups of five letters and digits ("AbC12-dEf34"). */
const backupCodeSchema = z
  .string()
  .trim()
  .min(1, "Enter one of your backup codes")
  .max(32, "That is not one of your backup codes")
  .regex(/^[A-Za-z0-9-]+$/, "That is not one of your backup codes");

/** The sign-in challenge's form: a code from the app as typed, or one of the backup codes. */
export const twoFactorChallengeFormSchemas = {
  totp: z.object({ code: typedTotpCodeSchema }),
  backupCode: z.object({ code: backupCodeSchema }),
} as const;
export type TwoFactorChallengeForm = z.input<typeof twoFactorChallengeFormSchemas.totp>;

// ---------------------------------------------------------------------------------------------
// better-auth's endpoints that the SPA calls, and the e-mailed links that reach better-auth.
// server/auth/auth-routes.ts checks every request against these before better-auth sees it,
// and closes every other /api/auth path. Fields are what our screens and better-auth's client
// send, nothing more.

/** better-auth's client may add a callback address; the links we e-mail never use it. */
const callbackUrlField = z.string().max(200, "callbackURL is too long").optional();

export const authRequestSchemas = {
  signUp: z
    .object({
      email: emailSchema,
      password: passwordSchema,
      name: singleLineText({ label: "Name", min: 0, max: 100 }).optional(),
      rememberMe: z.boolean().optional(),
      callbackURL: callbackUrlField,
    })
    .strict(),
  signIn: z
    .object({
      email: emailSchema,
      password: currentPasswordSchema,
      rememberMe: z.boolean().optional(),
      callbackURL: callbackUrlField,
    })
    .strict(),
  /** better-auth's client posts `{}`; an empty body is the same. */
  empty: z.object({}).strict(),
  getSessionQuery: z
    .object({
      disableCookieCache: z.enum(["true", "false"]).optional(),
      disableRefresh: z.enum(["true", "false"]).optional(),
    })
    .strict(),
  changePassword: z
    .object({
      currentPassword: currentPasswordSchema,
      newPassword: passwordSchema,
      revokeOtherSessions: z.boolean().optional(),
    })
    .strict(),
  /** Turning two-factor on: the account's password. */
  twoFactorPassword: z.object({ password: currentPasswordSchema }).strict(),
  /**
   * Turning it off: the password and an authenticator code not used before (checked by
   * server/auth/auth-guards.ts before better-auth's endpoint runs).
   */
  twoFactorDisable: z
    .object({
      password: currentPasswordSchema,
      code: z
        .string({ error: TOTP_CODE_REQUIRED_MESSAGE })
        .regex(/^\d{6}$/, TOTP_CODE_REQUIRED_MESSAGE),
    })
    .strict(),
  verifyTotp: z.object({ code: totpCodeSchema }).strict(),
  verifyBackupCode: z.object({ code: backupCodeSchema }).strict(),
  requestPasswordReset: z.object({ email: emailSchema, redirectTo: callbackUrlField }).strict(),
  resetPassword: resetPasswordSchema.strict(),
  sendVerificationEmail: z.object({ email: emailSchema, callbackURL: callbackUrlField }).strict(),
  /** The e-mailed verification link. */
  verifyEmailQuery: z
    .object({
      token: z.string().min(1, "The link is incomplete").max(2000, "The link is not valid"),
      callbackURL: callbackUrlField,
    })
    .strict(),
  /** The e-mailed reset link (/reset-password/:token), on its way to our page. */
  resetPasswordLinkToken: z
    .string()
    .min(1, "The reset link is incomplete")
    .max(200, "The reset link is not valid"),
  resetPasswordLinkQuery: z.object({ callbackURL: callbackUrlField }).strict(),
} as const;
