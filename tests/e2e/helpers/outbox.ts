import type { APIRequestContext } from "@playwright/test";
import { outboxSchema } from "../../../contracts/outbox";
import { readJson } from "../../support/read-json";
import { testClientAddress } from "../fixtures";

/**
 * The newest link in the dev outbox's mail to `to` that starts with `prefix`, waiting up to 10 s
 * for it: mail asked for by address (a reset, "Lost your link?") is written by the job queue,
 * after the answer.
 */
export async function linkFromOutbox(request: APIRequestContext, to: string, prefix: string) {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response = await request.get("/api/dev/outbox");
    const { messages } = await readJson(response, outboxSchema);
    for (const message of messages) {
      if (message.to.toLowerCase() !== to.toLowerCase()) continue;
      const link = new RegExp(`https?://[^\\s]*${escaped}[^\\s)\\]>"]*`).exec(message.text)?.[0];
      if (link) return link;
    }
    if (Date.now() > deadline) throw new Error(`no ${prefix} link e-mailed to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Opens the verification link sign-up e-mailed, as the creator would from their inbox. */
export async function verifyEmailFromOutbox(request: APIRequestContext, email: string) {
  const link = await linkFromOutbox(request, email, "/api/auth/verify-email?");
  const url = new URL(link);
  // From an address of its own, as a creator's own browser would be: the suite opens many of
  // these links, and one address may open 10 a minute.
  const response = await request.get(url.pathname + url.search, {
    maxRedirects: 0,
    headers: { "X-Forwarded-For": testClientAddress() },
  });
  if (response.status() !== 302) throw new Error(`verify failed: ${response.status()}`);
}
