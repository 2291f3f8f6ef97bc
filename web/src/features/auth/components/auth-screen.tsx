import type { SignInCredentials } from "@contracts/auth";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { paths } from "@/config/paths";
import { lazyResolver } from "@/lib/lazy-resolver";
import { useHydrated } from "@/lib/use-hydrated";
import { AuthCardLayout } from "./auth-card-layout";
import { EmailField } from "./email-field";

// Sign-in is a page strangers open on a phone (ADR 019): what only a submit needs, the form's
// rules, the auth client and the two-factor step, loads with the first submit or focus.
const loadRules = () => import("../lib/auth-form-rules");
const loadAuthClient = () => import("@/lib/auth-client").then((m) => m.authClient);
const TwoFactorChallenge = lazy(() =>
  import("./two-factor-challenge").then((m) => ({ default: m.TwoFactorChallenge })),
);

type Mode = "signin" | "signup";

export function AuthScreen({ initialMode }: { initialMode: Mode }) {
  const [mode, setMode] = useState<Mode>(initialMode);
  const [error, setError] = useState<string | null>(null);
  const [needsTwoFactor, setNeedsTwoFactor] = useState(false);
  const hydrated = useHydrated();
  const queryClient = useQueryClient();
  // Choosing a password follows the password rule; signing in only checks it.
  const resolver = useMemo(
    () =>
      lazyResolver<SignInCredentials>(() =>
        loadRules().then((m) => (mode === "signup" ? m.signUpResolver : m.signInResolver)),
      ),
    [mode],
  );
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInCredentials>({ resolver });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setError(null);
    const [authClient, { SIGN_UP_SIGN_IN_FAILED_MESSAGE }] = await Promise.all([
      loadAuthClient(),
      loadRules(),
    ]);
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
        <Suspense fallback={null}>
          <TwoFactorChallenge
            onVerified={() => queryClient.invalidateQueries()}
            onCancel={() => setNeedsTwoFactor(false)}
          />
        </Suspense>
      ) : (
        <>
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="mt-1 text-sm text-gray-600">
            {mode === "signin"
              ? "Sign in to manage your subscriptions."
              : "Start selling monthly subscriptions in minutes."}
          </p>
          {/* The page arrives drawn (ADR 019): until React has taken it over, a submit would be
              the browser's own and put the password in the address. POST and a disabled button
              keep that from happening. */}
          <form
            method="post"
            onSubmit={onSubmit}
            onFocus={() => {
              resolver.preload();
              void loadAuthClient();
            }}
            noValidate
            className="mt-6 space-y-4"
          >
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
                {/* A full page load: sign-in is its own entry, with no client router. */}
                <a
                  href={paths.forgotPassword.getHref()}
                  className="font-medium text-brand-700 hover:underline"
                >
                  Forgot password?
                </a>
              </p>
            ) : null}
            <Button type="submit" className="w-full" disabled={isSubmitting || !hydrated}>
              {isSubmitting ? "Loading..." : mode === "signin" ? "Sign In" : "Create Account"}
            </Button>
            {error ? <Alert tone="error">{error}</Alert> : null}
          </form>
          <p className="mt-6 text-center text-sm text-gray-600">
            {mode === "signin" ? "Don't have an account?" : "Already have an account?"}{" "}
            <button
              type="button"
              className="font-medium text-brand-700 hover:underline"
              disabled={!hydrated}
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
