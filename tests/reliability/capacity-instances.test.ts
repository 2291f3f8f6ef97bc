import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startSubscriptionResponseSchema } from "../../contracts/subscribe";
import { subscribers, waitlistEntries } from "../../server/db/schema/app";
import {
  createOffering,
  createOnboardedCreator,
  type OnboardedCreator,
} from "../factories/offering-factory";
import { confirmCardPayment, createPaymentMethod, testCards } from "../factories/stripe-browser";
import { createTestApp, jsonRequest, type TestApp } from "../setup/test-app";
import { readApiError, readJson } from "../support/read-json";

// Issue 22: a solo business's last seat, asked for by two customers at once through two
// instances of the app. The count and the hold are one transaction under the offering's row
// lock in the shared database, so one subscribes and the others are offered the waitlist.
// Two instances share a database only on the PostgreSQL server.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let first: TestApp;
let second: TestApp;
let creator: OnboardedCreator;

beforeAll(async () => {
  if (!onPostgres) return;
  first = await createTestApp();
  second = await first.startAnotherInstance();
  creator = await createOnboardedCreator(first);
}, 120_000);

afterAll(async () => {
  await second?.close();
  await first?.close();
});

/** Step 1–3 of the card path (customer, card, incomplete subscription): the seat is taken here. */
async function startAttempt(
  app: TestApp,
  customUrl: string,
  email: string,
  paymentMethodId: string,
) {
  return app.request(
    "/api/public/subscribe",
    jsonRequest("POST", {
      customUrl,
      attemptId: randomUUID(),
      name: "Racing Customer",
      email,
      paymentMethodId,
    }),
  );
}

it.skipIf(!onPostgres)(
  "capacity 1, customers at once on two instances: one subscriber, the others offered the waitlist",
  async () => {
    for (let round = 0; round < 3; round += 1) {
      const offering = await createOffering(first, creator, {
        title: `Solo Dog Walks ${round}`,
        capacity: 1,
      });
      // Cards first, so the sign-ups themselves start together: six at once, three per instance.
      const attempts = await Promise.all(
        [first, second, first, second, first, second].map(async (app) => ({
          app,
          email: `c-${randomUUID()}@example.com`,
          paymentMethodId: await createPaymentMethod(app, testCards.success),
        })),
      );
      const answers = await Promise.all(
        attempts.map((a) => startAttempt(a.app, offering.customUrl, a.email, a.paymentMethodId)),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      for (const answer of answers.filter((a) => a.status !== 201)) {
        expect(answer.status).toBe(409);
        expect((await readApiError(answer)).code).toBe("offering_full");
      }

      // The one let through pays and becomes the one subscriber.
      const winner = attempts[statuses.indexOf(201)]!;
      const started = await readJson(
        answers[statuses.indexOf(201)]!,
        startSubscriptionResponseSchema,
      );
      await confirmCardPayment(winner.app, started.clientSecret!, winner.paymentMethodId);
      const finalized = await winner.app.request(
        "/api/public/subscribe/finalize",
        jsonRequest("POST", {
          customUrl: offering.customUrl,
          subscriptionId: started.subscriptionId,
          finalizeToken: started.finalizeToken,
        }),
      );
      expect(finalized.status).toBe(200);
      const rows = await first.runtime.deps.db
        .select({ email: subscribers.email })
        .from(subscribers)
        .where(eq(subscribers.offeringId, offering.id));
      expect(rows).toEqual([{ email: winner.email }]);

      // The others take the offer: the waitlist, through the instance that refused them.
      const refused = attempts.filter((_, index) => statuses[index] !== 201);
      for (const attempt of refused) {
        const joined = await attempt.app.request(
          "/api/public/waitlist",
          jsonRequest("POST", {
            customUrl: offering.customUrl,
            name: "Next",
            email: attempt.email,
          }),
        );
        expect(joined.status).toBe(201);
      }
      const waiting = await second.runtime.deps.db
        .select({ status: waitlistEntries.status })
        .from(waitlistEntries)
        .where(eq(waitlistEntries.offeringId, offering.id));
      expect(waiting).toHaveLength(5);
      expect(waiting.every((entry) => entry.status === "waiting")).toBe(true);
    }
  },
  120_000,
);
