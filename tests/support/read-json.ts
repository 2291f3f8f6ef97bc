import { z } from "zod";
import { apiErrorSchema } from "../../contracts/api-error";
import { connectStatusSchema } from "../../contracts/connect";

/** A fetch `Response` or Playwright's `APIResponse`: both read their body with `json()`. */
interface JsonReply {
  json(): Promise<unknown>;
}

/**
 * The reply's JSON body, checked against its contract: a body that doesn't match fails the test
 * with zod's account of what differs and the body itself. The body is returned as sent, not as
 * zod's copy, so an assertion about a key the contract doesn't name (a token that must not be
 * there) still sees it; response contracts don't transform, so the two read the same.
 */
export async function readJson<Schema extends z.ZodType>(
  reply: JsonReply,
  schema: Schema,
): Promise<z.input<Schema>> {
  const body: unknown = await reply.json();
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new Error(
      `The reply doesn't match its contract:\n${z.prettifyError(parsed.error)}\n` +
        `Body: ${JSON.stringify(body, null, 2)}`,
    );
  }
  return body as z.input<Schema>;
}

/** The `error` of an API error reply (code and message), checked against the contract. */
export async function readApiError(reply: JsonReply) {
  return (await readJson(reply, apiErrorSchema)).error;
}

/** The connected account in a POST /api/connect/account reply; a reply without one fails. */
export async function readConnectedAccount(reply: JsonReply) {
  const { account } = await readJson(reply, connectStatusSchema);
  if (!account) throw new Error("The reply names no connected account");
  return account;
}
