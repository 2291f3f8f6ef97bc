import { z } from "zod";
import { apiErrorSchema } from "../../contracts/api-error";

// Replies the tests read that have no contract in contracts/, because we don't write them:
// better-auth's endpoints. Only what the tests read.

/** POST /api/auth/sign-in/email and sign-up/email without a second factor. */
export const signedInReplySchema = z.object({
  user: z.object({ id: z.string(), email: z.string() }),
});

/** GET /api/auth/get-session: `null` when signed out. */
export const sessionReplySchema = z
  .object({
    session: z.record(z.string(), z.unknown()),
    user: z.object({ id: z.string(), email: z.string(), emailVerified: z.boolean() }),
  })
  .nullable();

/** POST /api/auth/two-factor/enable: the secret (in the URI) and the backup codes. */
export const twoFactorSetupReplySchema = z.object({
  totpURI: z.string(),
  backupCodes: z.array(z.string()),
});

/**
 * A refusal from one of better-auth's endpoints: our error shape, with better-auth's own `code`
 * and `message` kept at the top for its client.
 */
export const betterAuthErrorReplySchema = apiErrorSchema.extend({
  code: z.string(),
  message: z.string(),
});
