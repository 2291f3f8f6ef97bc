import { type NewPasswordForm, newPasswordFormSchema, PASSWORD_MIN_LENGTH } from "@contracts/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2 } from "lucide-react";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Link, useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { ExpiredResetLinkError, useResetPassword } from "../api/reset-password";
import { AuthCardLayout } from "./auth-card-layout";

function ExpiredLink() {
  return (
    <div className="mt-6 space-y-4">
      <Alert tone="error">
        This reset link has expired or was already used. Links work once, for 1 hour.
      </Alert>
      <Link to={paths.forgotPassword.getHref()} className={buttonClasses("primary", "md")}>
        Send a New Link
      </Link>
    </div>
  );
}

/**
 * /reset-password?token=…: better-auth checked the link on the way here; the token is spent
 * when the new password is saved, which also signs out every session.
 */
export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  const isLinkBroken = Boolean(searchParams.get("error")) || !token;
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NewPasswordForm>({ resolver: zodResolver(newPasswordFormSchema) });

  useEffect(() => {
    document.title = "Choose a new password · Regulars";
  }, []);

  const onSubmit = handleSubmit(({ newPassword }) => {
    if (token) reset.mutate({ token, newPassword });
  });

  return (
    <AuthCardLayout backHref={paths.signIn.getHref("signin")} backLabel="Back to sign in">
      <h1 className="text-2xl font-semibold tracking-tight">Choose a new password</h1>
      {reset.isSuccess ? (
        <div className="mt-6 space-y-4">
          <Alert tone="success">
            <span className="flex gap-2">
              <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>
                Your password has been changed, and every device has been signed out. Sign in with
                your new password.
              </span>
            </span>
          </Alert>
          <Link
            to={paths.signIn.getHref("signin")}
            className={`${buttonClasses("primary", "md")} w-full`}
          >
            Sign In
          </Link>
        </div>
      ) : isLinkBroken || reset.error instanceof ExpiredResetLinkError ? (
        <ExpiredLink />
      ) : (
        <>
          <p className="mt-1 text-sm text-gray-600">
            At least {PASSWORD_MIN_LENGTH} characters. Saving it signs you out on every device.
          </p>
          <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
            <Field id="new-password" label="New password" error={errors.newPassword?.message}>
              <Input
                id="new-password"
                type="password"
                autoComplete="new-password"
                aria-invalid={Boolean(errors.newPassword)}
                aria-describedby={errors.newPassword ? "new-password-error" : undefined}
                {...register("newPassword")}
              />
            </Field>
            <Field
              id="confirm-password"
              label="Confirm new password"
              error={errors.confirmPassword?.message}
            >
              <Input
                id="confirm-password"
                type="password"
                autoComplete="new-password"
                aria-invalid={Boolean(errors.confirmPassword)}
                aria-describedby={errors.confirmPassword ? "confirm-password-error" : undefined}
                {...register("confirmPassword")}
              />
            </Field>
            <Button type="submit" className="w-full" disabled={reset.isPending}>
              {reset.isPending ? "Saving..." : "Set New Password"}
            </Button>
            {reset.isError ? (
              <Alert tone="error">
                {errorMessage(reset.error, "Could not change the password. Please try again.")}
              </Alert>
            ) : null}
          </form>
        </>
      )}
    </AuthCardLayout>
  );
}
