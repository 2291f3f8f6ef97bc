// Addresses of the SPA's public pages, for links the server writes into e-mails. They mirror
// web/src/config/paths.ts, which the server cannot import.

export const resetPasswordPagePath = "/reset-password";
export const dashboardPath = "/dashboard";
export const signInPagePath = "/?auth=signin";
export const forgotPasswordPagePath = "/forgot-password";

/**
 * A subscriber's self-service link. Its key is the subscriber's manage key, never their id: the
 * key can be replaced, which ends every link made with the old one (ADR 022).
 */
export function customerPortalUrl(publicUrl: string, customUrl: string, manageKey: string) {
  return `${publicUrl}${customerPortalPathPrefix(customUrl)}${encodeURIComponent(manageKey)}`;
}

/** The pages an e-mail change's two links open; each shows a button that POSTs the token. */
export const emailChangePagePaths = {
  confirm: "/email-change/confirm",
  undo: "/email-change/undo",
} as const;

export function emailChangePageUrl(
  publicUrl: string,
  action: keyof typeof emailChangePagePaths,
  token: string,
) {
  return `${publicUrl}${emailChangePagePaths[action]}?token=${encodeURIComponent(token)}`;
}

/** The start of every manage link to an offering's customers, to find them in sent mail. */
export function customerPortalPathPrefix(customUrl: string) {
  return `/customer/${encodeURIComponent(customUrl)}/`;
}

/**
 * The canonical address of a landing page: the `/landing/` form, which the sitemap lists and
 * the page's `<link rel="canonical">` names; `/{customUrl}` is an alias of it.
 */
export function landingPageUrl(publicUrl: string, customUrl: string) {
  return `${publicUrl}/landing/${encodeURIComponent(customUrl)}`;
}

/**
 * A waitlist invitation (issue 22): the landing page, with the secret in the fragment, which
 * browsers never send to a server (nor in a Referer), so no log or proxy ever holds it.
 */
export function waitlistInvitationUrl(publicUrl: string, customUrl: string, token: string) {
  return `${publicUrl}/landing/${encodeURIComponent(customUrl)}#invite=${token}`;
}
