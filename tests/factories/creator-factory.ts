import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { jsonRequest, type TestApp } from "../setup/test-app";

export interface TestCreator {
  id: string;
  email: string;
  password: string;
  /** The session cookie header to send as this creator. */
  cookie: string;
}

export function uniqueEmail(prefix = "creator"): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Signs a creator up through the real auth endpoint and keeps the session cookie. */
export async function createCreator(
  app: TestApp,
  overrides: { email?: string; password?: string } = {},
): Promise<TestCreator> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? "correct-horse";
  const response = await app.request(
    "/api/auth/sign-up/email",
    jsonRequest("POST", { email, password, name: "" }),
  );
  expect(response.status, await response.clone().text()).toBe(200);
  const body = (await response.json()) as { user: { id: string } };
  return { id: body.user.id, email, password, cookie: sessionCookie(response) };
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
