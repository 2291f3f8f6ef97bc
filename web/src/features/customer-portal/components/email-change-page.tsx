import { MailCheck, MailX } from "lucide-react";
import { useEffect } from "react";
import { useParams, useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { type EmailChangeAction, useFinishEmailChange } from "../api/finish-email-change";

const copy = {
  confirm: {
    title: "Confirm your new e-mail",
    text: "Confirm to make this address the one your subscription's receipts and notices go to. Your manage link is replaced too, and we e-mail the new one here.",
    button: "Confirm E-mail Change",
    working: "Confirming...",
    failed: "Failed to confirm the change",
  },
  undo: {
    title: "Undo the e-mail change",
    text: "Undo to keep your current e-mail. Your manage link is replaced too, so whoever asked for the change can't use it again; we e-mail the new one to you.",
    button: "Undo This Change",
    working: "Undoing...",
    failed: "Failed to undo the change",
  },
} as const;

/**
 * /email-change/confirm|undo?token=…: the pages an e-mail change's two links open. Opening one
 * changes nothing (mail scanners open links too); the button POSTs the token.
 */
export default function EmailChangePage() {
  const { action: rawAction } = useParams();
  const action: EmailChangeAction = rawAction === "undo" ? "undo" : "confirm";
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const finish = useFinishEmailChange(action);
  const text = copy[action];
  const outcome = finish.data;

  useEffect(() => {
    document.title = `${text.title} · Regulars`;
  }, [text.title]);

  return (
    <div className="flex min-h-screen flex-col bg-gray-50">
      <main className="mx-auto w-full max-w-md flex-1 px-4 py-10 sm:py-16">
        <div
          aria-live="polite"
          className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8"
        >
          {outcome ? (
            <div className="space-y-4">
              <MailCheck className="size-10 text-brand-600" aria-hidden />
              <h1 className="text-2xl font-semibold tracking-tight text-gray-950">
                {action === "confirm" ? "Your e-mail was changed" : "The change was undone"}
              </h1>
              <p className="text-gray-700 [overflow-wrap:anywhere]">
                {action === "confirm"
                  ? `Your ${outcome.offeringTitle} subscription's e-mail is now ${outcome.email}.`
                  : `Your ${outcome.offeringTitle} subscription's e-mail is still ${outcome.email}.`}{" "}
                Your manage link was replaced: the old one no longer works, and the new one is on
                its way to {outcome.email}.
              </p>
              {/* The self-service page is its own entry: a full page load. */}
              <a
                href={paths.customerPortal.getHref(outcome.customUrl, outcome.manageKey)}
                className={buttonClasses("primary", "lg")}
              >
                Manage Your Subscription
              </a>
            </div>
          ) : (
            <div className="space-y-4">
              {finish.isError ? (
                <MailX className="size-10 text-red-600" aria-hidden />
              ) : (
                <MailCheck className="size-10 text-brand-600" aria-hidden />
              )}
              <h1 className="text-2xl font-semibold tracking-tight text-gray-950">{text.title}</h1>
              {finish.isError ? (
                <Alert tone="error">{errorMessage(finish.error, text.failed)}</Alert>
              ) : (
                <p className="text-gray-700">{text.text}</p>
              )}
              {token ? (
                finish.isError ? null : (
                  <Button
                    size="lg"
                    onClick={() => finish.mutate(token)}
                    disabled={finish.isPending}
                  >
                    {finish.isPending ? text.working : text.button}
                  </Button>
                )
              ) : (
                <Alert tone="error">
                  This link is not complete. Copy the whole link from the e-mail into your browser.
                </Alert>
              )}
            </div>
          )}
        </div>
      </main>
    </div>
  );
}
