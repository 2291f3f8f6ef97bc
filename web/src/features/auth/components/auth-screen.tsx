import { type Credentials, credentialsSchema } from "@contracts/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { paths } from "@/config/paths";
import { authClient } from "@/lib/auth-client";
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
  } = useForm<Credentials>({ resolver: zodResolver(credentialsSchema) });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setError(null);
    const result =
      mode === "signup"
        ? await authClient.signUp.email({ email, password, name: "" })
        : await authClient.signIn.email({ email, password });
    if (result.error) {
      setError(result.error.message ?? "Something went wrong. Please try again.");
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
    <div className="flex min-h-screen items-center justify-center bg-gray-50 px-4 py-12">
      <div className="w-full max-w-sm">
        <Link
          to={paths.home.getHref()}
          className="mb-6 inline-flex items-center gap-1.5 text-sm text-gray-700 hover:text-gray-950"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to homepage
        </Link>
        <div className="rounded-xl border border-gray-200 bg-white p-8 shadow-sm">
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
                <Field id="email" label="Email" error={errors.email?.message}>
                  <Input
                    id="email"
                    type="email"
                    autoComplete="email"
                    aria-invalid={Boolean(errors.email)}
                    aria-describedby={errors.email ? "email-error" : undefined}
                    {...register("email")}
                  />
                </Field>
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
        </div>
      </div>
    </div>
  );
}
