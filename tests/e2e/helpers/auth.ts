import type { APIRequestContext } from "@playwright/test";
import { testClientAddress } from "../fixtures";

/**
 * What the sign-up form does: sign-up (the same answer for any address, no session, ADR 013),
 * then sign-in, whose cookie the request context (and a page sharing it) keeps.
 */
export async function signUpAndSignIn(
  request: APIRequestContext,
  baseURL: string,
  account: { email: string; password: string; name?: string },
) {
  // From an address of its own (the e2e server trusts one proxy), like the page's own calls.
  const headers = { Origin: baseURL, "X-Forwarded-For": testClientAddress() };
  const { email, password, name = "" } = account;
  const signUp = await request.post("/api/auth/sign-up/email", {
    headers,
    data: { email, password, name },
  });
  if (!signUp.ok()) throw new Error(`sign-up failed: ${await signUp.text()}`);
  const signIn = await request.post("/api/auth/sign-in/email", {
    headers,
    data: { email, password },
  });
  if (!signIn.ok()) throw new Error(`sign-in failed: ${await signIn.text()}`);
  return signIn;
}
