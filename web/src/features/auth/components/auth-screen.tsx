import {
  credentialsSchema,
  SIGN_UP_SIGN_IN_FAILED_MESSAGE,
  type SignInCredentials,
  signInCredentialsSchema,
} from "@contracts/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { paths } from "@/config/paths";
import { authClient } from "@/lib/auth-client";
import { AuthCardLayout } from "./auth-card-layout";
import { EmailField } from "./email-field";
import { TwoFactorChallenge } from "./two-factor-challenge";

type Mode = "signin" | "signup";

export function AuthScreen({ initialMode }: { initialMode: Mode }) {
  const [mode, setMode] = useState<Mode>(initialMode);
  const [error, setError] = useState<string | null>(null);
  const [needsTwoFactor, setNeedsTwoFactor] = useState(false);
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInCredentials>({
    // Choosing a password follows the password rule; signing in only checks it.
    resolver: zodResolver(mode === "signup" ? credentialsSchema : signInCredentialsSchema),
  });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setError(null);
    if (mode === "signup") {
      // Sign-up answers the same whether or not the address has an account (ADR 013); a new
      // account is then signed in like any other, and a taken address has been e-mailed.
      const signUp = await authClient.signUp.email({ email, password, name: "" });
      if (signUp.error) {
        setError(signUp.error.message ?? "Something went wrong. Please try again.");
        return;
      }
    }
    const result = await authClient.signIn.email({ email, password });
    if (result.error) {
      setError(
        mode === "signup" && result.error.status === 401
          ? SIGN_UP_SIGN_IN_FAILED_MESSAGE
          : (result.error.message ?? "Something went wrong. Please try again."),
      );
      return;
    }
    if (result.data && "twoFactorRedirect" in result.data && result.data.twoFactorRedirect) {
      setNeedsTwoFactor(true);
      return;
    }
    await queryClient.invalidateQueries();
  });

  const title = mode === "signin" ? "Welcome Back" : "Create Account";

  return (
    <AuthCardLayout backHref={paths.home.getHref()} backLabel="Back to homepage">
      {needsTwoFactor ? (
        <TwoFactorChallenge
          onVerified={() => queryClient.invalidateQueries()}
          onCancel={() => setNeedsTwoFactor(false)}
        />
      ) : (
        <>
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="mt-1 text-sm text-gray-600">
            {mode === "signin"
              ? "Sign in to manage your subscriptions."
              : "Start selling monthly subscriptions in minutes."}
          </p>
          <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
            <EmailField error={errors.email?.message} registration={register("email")} />
            <Field id="password" label="Password" error={errors.password?.message}>
              <Input
                id="password"
                type="password"
                autoComplete={mode === "signin" ? "current-password" : "new-password"}
                aria-invalid={Boolean(errors.password)}
                aria-describedby={errors.password ? "password-error" : undefined}
                {...register("password")}
              />
            </Field>
            {mode === "signin" ? (
              <p className="-mt-2 text-right text-sm">
                <Link
                  to={paths.forgotPassword.getHref()}
                  className="font-medium text-brand-700 hover:underline"
                >
                  Forgot password?
                </Link>
              </p>
            ) : null}
            <Button type="submit" className="w-full" disabled={isSubmitting}>
              {isSubmitting ? "Loading..." : mode === "signin" ? "Sign In" : "Create Account"}
            </Button>
            {error ? <Alert tone="error">{error}</Alert> : null}
          </form>
          <p className="mt-6 text-center text-sm text-gray-600">
            {mode === "signin" ? "Don't have an account?" : "Already have an account?"}{" "}
            <button
              type="button"
              className="font-medium text-brand-700 hover:underline"
              onClick={() => {
                setMode(mode === "signin" ? "signup" : "signin");
                setError(null);
              }}
            >
              {mode === "signin" ? "Sign up" : "Sign in"}
            </button>
          </p>
        </>
      )}
    </AuthCardLayout>
  );
}
