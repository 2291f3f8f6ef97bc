/** "/customer/{customUrl}/{manageKey}", exactly as the standalone entry routes it. */
const selfServicePath = /^\/customer\/[^/]+\/[^/]+\/?$/;

/**
 * Whether an address gets the standalone entry (web/standalone.html, ADR 019) rather than the
 * app: sign-in and sign-up ("/?auth=signin|signup") and a customer's self-service page. It must
 * name only what that entry routes, since anything else there is a full load from the server.
 */
export function isStandalonePage(path: string, auth: string | undefined): boolean {
  if (path === "/") return auth === "signin" || auth === "signup";
  return selfServicePath.test(path);
}
