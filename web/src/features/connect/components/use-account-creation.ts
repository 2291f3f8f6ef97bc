import { useEffect, useRef, useState } from "react";
import { publicConfig } from "@/config/boot-data";
import { useCreateConnectAccount } from "../api/create-connect-account";
import {
  accountCreationErrorMessage,
  type ConnectErrorContext,
  isPlatformProfileError,
  PLATFORM_PROFILE_CONFIRM,
  PLATFORM_PROFILE_URL,
  PROVIDER_NOT_CONFIGURED,
} from "./connect-errors";

/** The spec gives the creator a second to read the message before asking. */
const CONFIRM_DELAY_MS = 1000;

/**
 * Creates the connected account (once) with the spec's error handling, shared by the wizard's
 * button and the Account tab's panel. `create` resolves true when the account exists.
 */
export function useAccountCreation(context: ConnectErrorContext) {
  const mutation = useCreateConnectAccount();
  const [error, setError] = useState<string | null>(null);
  const confirmTimer = useRef<number | undefined>(undefined);
  const hasPaymentClient = Boolean(publicConfig.stripePublishableKey);

  useEffect(() => () => window.clearTimeout(confirmTimer.current), []);

  async function create(): Promise<boolean> {
    setError(null);
    if (!hasPaymentClient) {
      setError(PROVIDER_NOT_CONFIGURED);
      return false;
    }
    try {
      await mutation.mutateAsync();
      return true;
    } catch (e) {
      setError(accountCreationErrorMessage(e, context));
      if (isPlatformProfileError(e)) {
        window.clearTimeout(confirmTimer.current);
        confirmTimer.current = window.setTimeout(() => {
          if (window.confirm(PLATFORM_PROFILE_CONFIRM)) {
            window.open(PLATFORM_PROFILE_URL, "_blank", "noopener");
          }
        }, CONFIRM_DELAY_MS);
      }
      return false;
    }
  }

  return {
    create,
    isCreating: mutation.isPending,
    error,
    clearError: () => setError(null),
    hasPaymentClient,
  };
}
