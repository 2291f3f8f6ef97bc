import { CheckCircle2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { buttonClasses } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";

// The spec's pause: the webhook that creates the subscriber usually lands within it.
const PROCESSING_MS = 2000;

/** /success?session_id=…: where Stripe's hosted Checkout sends the customer back. */
export default function SuccessPage() {
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get("session_id");
  const [isProcessing, setIsProcessing] = useState(true);
  useEffect(() => {
    document.title = "Payment Successful · Regulars";
  }, []);
  useEffect(() => {
    const timer = setTimeout(() => setIsProcessing(false), PROCESSING_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-50 px-4">
      <div
        aria-live="polite"
        className="w-full max-w-md rounded-xl border border-gray-200 bg-white px-5 py-8 text-center shadow-xs sm:p-8"
      >
        {isProcessing ? (
          <div role="status" className="flex min-h-64 flex-col items-center justify-center gap-3">
            <Spinner className="size-8" />
            <h1 className="text-xl font-semibold text-gray-950">Processing your subscription...</h1>
            <p className="text-gray-600">Please wait while we set up your account.</p>
          </div>
        ) : (
          <div className="space-y-4">
            <CheckCircle2 className="mx-auto size-12 text-brand-600" aria-hidden />
            <h1 className="text-2xl font-semibold text-gray-950">Payment Successful!</h1>
            <p className="text-gray-700">
              Your subscription is active. You'll receive the service details by e-mail.
            </p>
            <p className="text-sm text-gray-600">
              Check your e-mail for your confirmation and next steps.
            </p>
            {sessionId ? (
              <p className="break-all rounded-lg bg-gray-50 px-3 py-2 font-mono text-xs text-gray-600">
                Session ID: {sessionId}
              </p>
            ) : null}
            <Link
              to={paths.home.getHref()}
              className={cn(buttonClasses("primary", "lg"), "w-full sm:w-auto")}
            >
              Back to Home
            </Link>
            <p className="text-xs text-gray-500">
              Questions? Contact the service provider through their landing page.
            </p>
          </div>
        )}
      </div>
    </main>
  );
}
