import { MailWarning } from "lucide-react";
import { useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { authClient } from "@/lib/auth-client";
import { useSendVerificationEmail } from "@/lib/send-verification-email";
import { useToast } from "./dashboard-toasts";

// better-auth sends the browser back here with ?error=… when a verification link fails.
const failedLinkCodes = new Set(["TOKEN_EXPIRED", "INVALID_TOKEN", "USER_NOT_FOUND"]);

/**
 * Until the creator verifies their address, landing pages don't show it as their contact.
 * Verifying is never required: this only asks. It goes once the session says verified.
 */
export function VerifyEmailBanner() {
  const session = authClient.useSession();
  const [searchParams] = useSearchParams();
  const resend = useSendVerificationEmail();
  const notify = useToast();
  const user = session.data?.user;
  if (!user || user.emailVerified) return null;
  const hasFailedLink = failedLinkCodes.has(searchParams.get("error") ?? "");

  function sendAgain(email: string) {
    resend.mutate(email, {
      onSuccess: () => notify("success", `Verification e-mail sent to ${email}.`),
      onError: (error) =>
        notify("error", errorMessage(error, "Could not send the e-mail. Please try again.")),
    });
  }

  return (
    <section aria-label="E-mail verification" className="border-b border-yellow-300 bg-yellow-50">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-6 py-3 text-sm text-yellow-900">
        <p className="flex min-w-0 flex-1 gap-2">
          <MailWarning className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            {hasFailedLink ? "That verification link has expired or is not valid. " : null}
            Please verify your e-mail address: we sent a link to{" "}
            <span className="font-medium break-all">{user.email}</span>. Until then, your landing
            pages don't show it as your contact.
          </span>
        </p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => sendAgain(user.email)}
          disabled={resend.isPending}
        >
          {resend.isPending ? "Sending..." : "Resend"}
        </Button>
      </div>
    </section>
  );
}
