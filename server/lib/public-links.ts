// Addresses of the SPA's public pages, for links the server writes into e-mails. They mirror
// web/src/config/paths.ts, which the server cannot import.

export const resetPasswordPagePath = "/reset-password";
export const dashboardPath = "/dashboard";
export const signInPagePath = "/?auth=signin";
export const forgotPasswordPagePath = "/forgot-password";

export function customerPortalUrl(publicUrl: string, customUrl: string, subscriberId: string) {
  return `${publicUrl}${customerPortalPathPrefix(customUrl)}${encodeURIComponent(subscriberId)}`;
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
