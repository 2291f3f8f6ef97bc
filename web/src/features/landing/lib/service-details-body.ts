import type { ServiceAddress } from "@contracts/service-details";
import { ApiError } from "@/lib/api-client";

/**
 * What every subscribe path (card, free, hosted Checkout) sends beside the name and e-mail
 * (issue 22): the service address and phone of an on-site offering, the answers to its
 * questions, and the waitlist invitation being used. Left out when the offering asks nothing.
 */
export interface ServiceDetailsBody {
  address?: ServiceAddress;
  phone?: string;
  answers?: Record<string, string | boolean>;
  inviteToken?: string;
}

/** The server's refusals that the waitlist answers: the address is outside the area, or it is full. */
const WAITLIST_CODES = new Set(["outside_service_area", "offering_full"]);

/** The message to show above the waitlist form, when this error sends the customer there. */
export function waitlistReason(error: unknown): string | null {
  return error instanceof ApiError && WAITLIST_CODES.has(error.code) ? error.message : null;
}

/** `#invite=<token>` from a waitlist invitation's link (the secret never goes to a server). */
export function readInviteToken(hash: string): string | null {
  const match = /^#invite=([A-Za-z0-9_-]{43})$/.exec(hash);
  return match?.[1] ?? null;
}
