import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";

/**
 * The two-factor plugin's endpoints that check a second factor before they create a session:
 * the only places a session for an account with two-factor on may come from.
 */
export const SECOND_FACTOR_PATHS: ReadonlySet<string> = new Set([
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
  "/two-factor/verify-otp",
]);

/** Per request (better-auth's per-request context): sessions this guard issued already dead. */
const withheldSessions = new WeakMap<object, string[]>();

/** The part of better-auth's endpoint context the guard reads. */
interface EndpointContext {
  path?: string;
  context: {
    session?: { user: { id: string }; session?: unknown } | null;
    internalAdapter: { findUserById(id: string): Promise<object | null> };
  };
}

/**
 * No way of getting a session skips the second factor: verification links, password resets,
 * and any endpoint better-auth has now or gains in an upgrade.
 *
 * It sits where every session is born, better-auth's `session.create` database hook, rather
 * than around the endpoints that set cookies today: whatever the path, a session row for an
 * account with two-factor on is created already expired (so getSession never accepts it)
 * unless
 * - the request is one of the two-factor verification endpoints (SECOND_FACTOR_PATHS), or
 * - the request already carries a full session of that same account, which the new one
 *   replaces (changing the password with "sign out other devices", turning two-factor on).
 *
 * Expired rather than refused: a refusal makes the endpoint answer 500 after it has done its
 * work (the address is verified either way), and sign-in needs the row for a moment, because
 * the two-factor plugin turns it into the code challenge. An after hook then deletes the row
 * and expires the cookie, so the browser isn't left holding a dead one.
 */
export function secondFactorGuard(): BetterAuthPlugin {
  return {
    id: "regulars-second-factor-guard",
    init: (authContext) => ({
      options: {
        databaseHooks: {
          session: {
            create: {
              before: async (created, endpoint) => {
                const request = endpoint as unknown as EndpointContext | null;
                // The request's adapter: inside a transaction (change-password), its connection.
                const adapter: EndpointContext["context"]["internalAdapter"] =
                  request?.context.internalAdapter ?? authContext.internalAdapter;
                const owner = (await adapter.findUserById(created.userId)) as {
                  twoFactorEnabled?: unknown;
                } | null;
                if (owner?.twoFactorEnabled !== true) return;
                if (request && isSecondFactorSatisfied(request, created.userId)) return;
                if (request) {
                  const withheld = withheldSessions.get(request.context) ?? [];
                  withheld.push(created.token);
                  withheldSessions.set(request.context, withheld);
                }
                return { data: { ...created, expiresAt: new Date(0) } };
              },
            },
          },
        },
      },
    }),
    hooks: {
      after: [
        {
          // Every path: the class is "any endpoint", not a list of today's.
          matcher: () => true,
          handler: createAuthMiddleware(async (ctx) => {
            const withheld = withheldSessions.get(ctx.context);
            if (!withheld) return;
            for (const token of withheld) await ctx.context.internalAdapter.deleteSession(token);
            // Scrubs the Set-Cookie the endpoint wrote and expires the cookie instead; the
            // two-factor plugin's challenge cookie (a sign-in in progress) is left alone.
            deleteSessionCookie(ctx, true);
            ctx.context.setNewSession(null);
          }),
        },
      ],
    },
  };
}

function isSecondFactorSatisfied(request: EndpointContext, userId: string): boolean {
  if (request.path && SECOND_FACTOR_PATHS.has(request.path)) return true;
  const current = request.context.session;
  return Boolean(current?.session && current.user.id === userId);
}
