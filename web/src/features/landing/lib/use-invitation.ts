import type { Invitation } from "@contracts/waitlist";
import { useEffect, useState } from "react";
import { ApiError } from "@/lib/api-client";
import { readInviteToken } from "./service-details-body";

export type InvitationState =
  | { status: "none" }
  | { status: "reading" }
  | { status: "held"; token: string; invitation: Invitation }
  /** Expired, used, or never existed (404/410): the waitlist is the way back in. */
  | { status: "expired"; message: string }
  | { status: "failed"; message: string };

const READ_FAILED_MESSAGE =
  "We couldn't check your invitation just now. Please reload the page to try again.";

/**
 * A waitlist invitation's link (`#invite=<token>`): read on load (or when the fragment changes), in the browser only
 * (the fragment never reaches a server). The token is taken out of the address bar at once,
 * so it isn't bookmarked, shared or kept in history.
 */
export function useInvitation(customUrl: string): InvitationState {
  // Read before the address bar is cleaned (an effect may run twice in development), and again
  // when a link is opened in a tab already on this page: only the fragment changes, no reload.
  const [token, setToken] = useState(() =>
    typeof window === "undefined" ? null : readInviteToken(window.location.hash),
  );
  useEffect(() => {
    const onHashChange = () => {
      const next = readInviteToken(window.location.hash);
      if (next) setToken(next);
    };
    window.addEventListener("hashchange", onHashChange);
    return () => window.removeEventListener("hashchange", onHashChange);
  }, []);
  const [state, setState] = useState<InvitationState>({ status: "none" });
  useEffect(() => {
    if (!token) return;
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, "", `${pathname}${search}`);
    setState({ status: "reading" });
    let isCurrent = true;
    // The contract (and zod) load only for an invited customer: the page itself stays light.
    const read = async () => {
      const { readInvitation, INVITATION_EXPIRED_MESSAGE } = await import("../api/read-invitation");
      try {
        const invitation = await readInvitation({ customUrl, inviteToken: token });
        return { status: "held", token, invitation } as const;
      } catch (error) {
        // 400 is a malformed token: for the customer, the same dead link.
        const isDead = error instanceof ApiError && [400, 404, 410].includes(error.status);
        if (isDead) return { status: "expired", message: INVITATION_EXPIRED_MESSAGE } as const;
        throw error;
      }
    };
    read().then(
      (next) => isCurrent && setState(next),
      () => isCurrent && setState({ status: "failed", message: READ_FAILED_MESSAGE }),
    );
    return () => {
      isCurrent = false;
    };
  }, [customUrl, token]);
  return state;
}
