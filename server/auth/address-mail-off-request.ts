import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { z } from "zod";
import type { Db } from "../db/client";
import { type JobQueue, queues } from "../integrations/jobs/job-queue";

/**
 * What each of these endpoints answers, whether or not the address has an account: better-auth's
 * own words, so its client reads them as before.
 */
const answers = {
  "/request-password-reset": {
    status: true,
    message: "If this email exists in our system, check your email for the reset link",
  },
  "/send-verification-email": { status: true },
} as const;
type AddressMailPath = keyof typeof answers;

const isAddressMailPath = (path: string | undefined): path is AddressMailPath =>
  path !== undefined && Object.hasOwn(answers, path);

/** The job: which endpoint, and the body the contract let through (auth-routes.ts). */
export const addressMailJobSchema = z.object({
  path: z.enum(["/request-password-reset", "/send-verification-email"]),
  body: z
    .object({
      email: z.string(),
      redirectTo: z.string().optional(),
      callbackURL: z.string().optional(),
    })
    .strict(),
});

/**
 * A password reset or a verification e-mail asked for by address answers before anything about
 * the address is looked up: the request enqueues a job and says the same words every time, so
 * neither the answer nor how long it takes tells which addresses have accounts (issue 18,
 * Security 3; the reset took 18.8 ms for a known address and 9.5 ms for an unknown one). The
 * job then runs better-auth's own endpoint, which finds the account, makes the token and hands
 * the e-mail to the mailer (which applies the per-address cap on unsolicited mail).
 *
 * better-auth's per-client rate limits still count these requests: they run in its router,
 * before this hook. A signed-in resend of one's own verification e-mail is left to better-auth:
 * it concerns no one else's address, and its refusals ("already verified") help the person.
 */
export function addressMailOffRequest({
  db,
  queue,
}: {
  db: Db;
  queue: JobQueue;
}): BetterAuthPlugin {
  return {
    id: "regulars-address-mail-off-request",
    hooks: {
      before: [
        {
          matcher: (context) => isAddressMailPath(context.path),
          handler: createAuthMiddleware(async (ctx) => {
            // Our own job calling the endpoint on the server: do the work.
            if (!ctx.request) return;
            const path = ctx.path;
            if (!isAddressMailPath(path)) return;
            const job = addressMailJobSchema.safeParse({ path, body: ctx.body });
            // Not what our contract lets through: better-auth refuses it itself.
            if (!job.success) return;
            if (path === "/send-verification-email" && (await getSessionFromCtx(ctx))) return;
            await queue.send(db, queues.addressMail, job.data);
            return ctx.json(answers[path]);
          }),
        },
      ],
    },
  };
}
