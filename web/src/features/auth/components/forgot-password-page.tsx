import {
  PASSWORD_RESET_SENT_MESSAGE,
  type PasswordResetRequest,
  passwordResetRequestSchema,
} from "@contracts/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { MailCheck } from "lucide-react";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { useRequestPasswordReset } from "../api/request-password-reset";
import { AuthCardLayout } from "./auth-card-layout";
import { EmailField } from "./email-field";

/** /forgot-password: asks for the address and e-mails a single-use, one-hour reset link. */
export default function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PasswordResetRequest>({ resolver: zodResolver(passwordResetRequestSchema) });

  useEffect(() => {
    document.title = "Reset your password · Regulars";
  }, []);

  const onSubmit = handleSubmit((values) => request.mutate(values));

  return (
    <AuthCardLayout backHref={paths.signIn.getHref("signin")} backLabel="Back to sign in">
      <h1 className="text-2xl font-semibold tracking-tight">Reset your password</h1>
      {request.isSuccess ? (
        <div className="mt-6 space-y-4">
          <Alert tone="success">
            <span className="flex gap-2">
              <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>{PASSWORD_RESET_SENT_MESSAGE}</span>
            </span>
          </Alert>
          <p className="text-sm text-gray-600">
            Nothing arrived? Check your spam folder, or{" "}
            <button
              type="button"
              className="font-medium text-brand-700 hover:underline"
              onClick={() => request.reset()}
            >
              try another address
            </button>
            .
          </p>
        </div>
      ) : (
        <>
          <p className="mt-1 text-sm text-gray-600">
            Enter the e-mail address you sign in with. We'll send you a link to choose a new
            password.
          </p>
          <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
            <EmailField error={errors.email?.message} registration={register("email")} />
            <Button type="submit" className="w-full" disabled={request.isPending}>
              {request.isPending ? "Sending..." : "Send Reset Link"}
            </Button>
            {request.isError ? (
              <Alert tone="error">
                {errorMessage(request.error, "Could not send the reset link. Please try again.")}
              </Alert>
            ) : null}
          </form>
        </>
      )}
      <p className="mt-6 text-center text-sm text-gray-600">
        Remembered it?{" "}
        <Link
          to={paths.signIn.getHref("signin")}
          className="font-medium text-brand-700 hover:underline"
        >
          Sign in
        </Link>
      </p>
    </AuthCardLayout>
  );
}
