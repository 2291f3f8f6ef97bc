import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { type AppClient, jsonRequest } from "../setup/test-app";
import { readJson } from "../support/read-json";
import { signedInReplySchema } from "../support/reply-schemas";

export interface TestCreator {
  id: string;
  email: string;
  password: string;
  /** The session cookie header to send as this creator. */
  cookie: string;
}

let creatorCount = 0;

/**
 * A client address nobody else in this process uses (198.18.0.0/15 is set aside for tests,
 * RFC 2544), so per-address auth limits meant for people don't trip a test making many calls.
 */
export function nextClientAddress(): string {
  creatorCount += 1;
  return `198.18.${Math.floor(creatorCount / 250) % 250}.${(creatorCount % 250) + 1}`;
}

export function uniqueEmail(prefix = "creator"): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/**
 * Signs a creator up through the real auth endpoints, as the SPA does: sign-up (which answers
 * the same for any address and starts no session, ADR 013), then sign-in; keeps its cookie.
 */
export async function createCreator(
  app: AppClient,
  overrides: { email?: string; password?: string } = {},
): Promise<TestCreator> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? "correct-horse";
  // Each creator from an address of its own, so a file making many stays under the per-address
  // sign-in limit (10 a minute) that real people share.
  const ip = nextClientAddress();
  const response = await app.request("/api/auth/sign-up/email", {
    ...jsonRequest("POST", { email, password, name: "" }),
    ip,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const signIn = await app.request("/api/auth/sign-in/email", {
    ...jsonRequest("POST", { email, password }),
    ip,
  });
  expect(signIn.status, await signIn.clone().text()).toBe(200);
  const body = await readJson(signIn, signedInReplySchema);
  return { id: body.user.id, email, password, cookie: sessionCookie(signIn) };
}

export function sessionCookie(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

export function asCreator(creator: TestCreator, init: RequestInit = {}): RequestInit {
  const headers = new Headers(init.headers);
  headers.set("Cookie", creator.cookie);
  return { ...init, headers };
}
