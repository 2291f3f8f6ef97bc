import type { ManageLinksRequest } from "@contracts/manage-links";
import { zodResolver } from "@hookform/resolvers/zod";
import { MailCheck, Search } from "lucide-react";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { manageLinksRequestSchema, useRequestManageLinks } from "../api/request-manage-links";

/**
 * /manage ("Lost your link?"): a customer asks for the links to their self-service pages.
 * The answer never says whether the address subscribes.
 */
export default function ManageLinksPage() {
  const request = useRequestManageLinks();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ManageLinksRequest>({ resolver: zodResolver(manageLinksRequestSchema) });

  useEffect(() => {
    document.title = "Find your subscriptions · Regulars";
  }, []);

  const onSubmit = handleSubmit((values) => request.mutate(values));

  return (
    <div className="flex min-h-screen flex-col bg-gray-50">
      <main className="mx-auto w-full max-w-md flex-1 px-4 py-10 sm:py-16">
        <div className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
          <div className="flex size-10 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <Search className="size-5" aria-hidden />
          </div>
          <h1 className="mt-4 text-2xl font-semibold tracking-tight text-gray-950">
            Find your subscriptions
          </h1>
          {request.isSuccess ? (
            <div className="mt-4 space-y-4">
              <Alert tone="success">
                <span className="flex gap-2">
                  <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
                  <span>{request.data.message}</span>
                </span>
              </Alert>
              <p className="text-sm text-gray-600">
                We sent it to{" "}
                <span className="font-medium break-all text-gray-900">
                  {request.variables?.email}
                </span>
                . Nothing there? Check your spam folder, or{" "}
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
                Enter the e-mail address you subscribed with. We'll e-mail you a link to manage each
                of your subscriptions.
              </p>
              <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
                <Field id="email" label="Email Address" error={errors.email?.message}>
                  <Input
                    id="email"
                    type="email"
                    autoComplete="email"
                    inputMode="email"
                    aria-invalid={Boolean(errors.email)}
                    aria-describedby={errors.email ? "email-error" : undefined}
                    {...register("email")}
                  />
                </Field>
                <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
                  {request.isPending ? "Sending..." : "Email Me My Links"}
                </Button>
                {request.isError ? (
                  <Alert tone="error">
                    {errorMessage(request.error, "Could not send your links. Please try again.")}
                  </Alert>
                ) : null}
              </form>
            </>
          )}
        </div>
        <p className="mt-6 text-center text-xs text-gray-600">
          Each link opens your subscription's page, where you can update your e-mail or card, or
          cancel. Keep them private.
        </p>
      </main>
      <footer className="py-6 text-center text-xs text-gray-600">Powered by Regulars</footer>
    </div>
  );
}
