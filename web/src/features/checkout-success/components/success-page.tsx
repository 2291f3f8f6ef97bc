import { CheckCircle2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { buttonClasses } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";

const PROCESSING_MS = 2000;

export default function SuccessPage() {
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get("session_id");
  const [isProcessing, setIsProcessing] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setIsProcessing(false), PROCESSING_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-50 px-4">
      <div className="w-full max-w-md rounded-xl border border-gray-200 bg-white p-8 text-center shadow-xs">
        {isProcessing ? (
          <div role="status" className="space-y-3">
            <Spinner className="mx-auto size-8" />
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
            <Link to={paths.home.getHref()} className={buttonClasses("primary", "md")}>
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
