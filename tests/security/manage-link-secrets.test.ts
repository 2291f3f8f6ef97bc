import { randomUUID } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorSchema } from "../../contracts/api-error";
import type { Offering } from "../../contracts/offerings";
import {
  finalizeSubscriptionResponseSchema,
  startFreeSubscriptionResponseSchema,
  startSubscriptionResponseSchema,
} from "../../contracts/subscribe";
import { refundPaymentResultSchema, subscriberPaymentsSchema } from "../../contracts/subscribers";
import { createLogger } from "../../server/lib/logger";
import { asCreator } from "../factories/creator-factory";
import {
  createOffering,
  createOnboardedCreator,
  type OnboardedCreator,
} from "../factories/offering-factory";
import { confirmCardPayment, createPaymentMethod, testCards } from "../factories/stripe-browser";
import { subscribeWithCard } from "../factories/subscriber-factory";
import { createTestApp, jsonRequest, TEST_ORIGIN, type TestApp } from "../setup/test-app";
import { readJson } from "../support/read-json";

// A manage link (/customer/{customUrl}/{manageKey}) is a bearer secret: whoever has the manage
// key can see the subscription, change its e-mail and cancel it. So the key never reaches
// someone who only knows a Stripe subscription id, never lands in our logs, Stripe's metadata
// or a CSV, and no page or answer carrying it may be cached or leak through the Referer header.
// The subscriber's id is only a name (ADR 022).

let app: TestApp;
let offering: Offering;
let freeOffering: Offering;
let creator: OnboardedCreator;
let manageKey: string;
const logLines: string[] = [];

beforeAll(async () => {
  app = await createTestApp(
    {},
    {
      webDistDir: path.resolve("web"),
      logger: createLogger("info", { write: (line: string) => void logLines.push(line) }),
    },
  );
  creator = await createOnboardedCreator(app);
  offering = await createOffering(app, creator, { priceCents: 2500 });
  freeOffering = await createOffering(app, creator, { priceCents: 0 });
  ({ manageKey } = await subscribeWithCard(app, offering));
}, 60_000);
afterAll(async () => {
  await app?.close();
});

async function startPaid(body: { attemptId: string; paymentMethodId: string }) {
  const response = await app.request(
    "/api/public/subscribe",
    jsonRequest("POST", {
      customUrl: offering.customUrl,
      name: "Pat Customer",
      email: "pat@example.com",
      ...body,
    }),
  );
  expect(response.status).toBe(201);
  const started = await readJson(response, startSubscriptionResponseSchema);
  const { clientSecret } = started;
  if (!clientSecret) throw new Error("A card subscription's first payment has a client secret");
  return { ...started, clientSecret };
}

function finalize(body: Record<string, unknown>) {
  return app.request(
    "/api/public/subscribe/finalize",
    jsonRequest("POST", { customUrl: offering.customUrl, ...body }),
  );
}

function expectPrivate(response: Response, what: string) {
  expect(response.headers.get("cache-control"), what).toBe("no-store");
  expect(response.headers.get("referrer-policy"), what).toBe("no-referrer");
}

describe("manage links are bearer secrets", () => {
  it("finalize hands the manage key only to the caller holding start's token", async () => {
    const paymentMethodId = await createPaymentMethod(app, testCards.success);
    const attempt = { attemptId: randomUUID(), paymentMethodId };
    const started = await startPaid(attempt);
    expect(started.finalizeToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await confirmCardPayment(app, started.clientSecret, paymentMethodId);

    // Knowing the subscription id is not enough.
    const bare = await finalize({ subscriptionId: started.subscriptionId });
    expect(bare.status).toBe(400);
    expect(await readJson(bare, apiErrorSchema)).toMatchObject({
      error: { code: "validation_failed", message: expect.stringContaining("finalizeToken") },
    });
    const guessed = await finalize({
      subscriptionId: started.subscriptionId,
      finalizeToken: "A".repeat(43),
    });
    expect(guessed.status).toBe(404);
    expect(await guessed.text()).not.toMatch(/subscriberId|manageKey/);

    // Another attempt's token opens only that attempt.
    const otherCard = await createPaymentMethod(app, testCards.success);
    const other = await startPaid({ attemptId: randomUUID(), paymentMethodId: otherCard });
    const crossed = await finalize({
      subscriptionId: started.subscriptionId,
      finalizeToken: other.finalizeToken,
    });
    expect(crossed.status).toBe(404);

    // A retry of the same start (a lost answer) gets the same token back.
    expect((await startPaid(attempt)).finalizeToken).toBe(started.finalizeToken);
    const done = await finalize({
      subscriptionId: started.subscriptionId,
      finalizeToken: started.finalizeToken,
    });
    expect(done.status).toBe(200);
    const answer = await readJson(done, finalizeSubscriptionResponseSchema);
    expect(answer.manageKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.manageKey).not.toBe(answer.subscriberId);
  });

  it("the free path answers the manage key only to the attempt that made it", async () => {
    const attemptId = randomUUID();
    const body = {
      customUrl: freeOffering.customUrl,
      attemptId,
      name: "Fay",
      email: "fay@example.com",
    };
    const made = await app.request("/api/public/subscribe/free", jsonRequest("POST", body));
    expect(made.status).toBe(201);
    const { manageKey: freeManageKey } = await readJson(made, startFreeSubscriptionResponseSchema);
    expectPrivate(made, "free subscribe");
    // The attempt id is the caller's own random secret; the same id with other details is refused.
    const hijack = await app.request(
      "/api/public/subscribe/free",
      jsonRequest("POST", { ...body, name: "Mallory", email: "mallory@example.com" }),
    );
    expect(hijack.status).toBe(409);
    expect(await hijack.text()).not.toContain(freeManageKey);
  });

  it("the hosted-checkout success page reads nothing from its session id", async () => {
    const page = async (sessionId: string) => {
      const response = await app.request(`/success?session_id=${sessionId}`);
      expect(response.status).toBe(200);
      expectPrivate(response, "/success");
      return response.text();
    };
    // The manage link arrives by e-mail only; the page is the same for any session id.
    const real = await page("cs_test_a1B2c3D4e5F6g7H8");
    const other = await page("cs_test_zzzzzzzzzzzzzzzz");
    expect(real).toBe(other);
    expect(real).not.toContain(manageKey);
  });

  it("pages and answers that carry a manage link are never cached and send no Referer", async () => {
    const portal = `/api/public/customers/${offering.customUrl}/${manageKey}`;
    const unknown = `/api/public/customers/${offering.customUrl}/${randomUUID()}`;
    const checks: [string, Promise<Response>][] = [
      ["self-service page", app.request(`/customer/${offering.customUrl}/${manageKey}`)],
      ["e-mail change page", app.request("/email-change/confirm?token=abc")],
      [
        "e-mail change confirm",
        app.request("/api/public/email-changes/confirm", jsonRequest("POST", { token: "x" })),
      ],
      ["portal read", app.request(portal)],
      ["portal read, unknown id", app.request(unknown)],
      [
        "e-mail change, invalid",
        app.request(`${portal}/email`, jsonRequest("PATCH", { email: "not an e-mail" })),
      ],
      // The customer's controls (issue 21): the invoices carry links to Stripe's invoice pages.
      ["invoices", app.request(`${portal}/invoices`)],
      ["invoices, unknown id", app.request(`${unknown}/invoices`)],
      ["resume, not set to end", app.request(`${portal}/resume`, jsonRequest("POST", {}))],
      ["pause, invalid", app.request(`${portal}/pause`, jsonRequest("POST", { periods: 0 }))],
      ["end a pause, not paused", app.request(`${portal}/pause/end`, jsonRequest("POST", {}))],
      [
        "switch preview, unknown offering",
        app.request(`${portal}/switch/preview`, jsonRequest("POST", { offeringId: randomUUID() })),
      ],
      [
        "switch, unknown offering",
        app.request(
          `${portal}/switch`,
          jsonRequest("POST", { offeringId: randomUUID(), prorationDate: 1 }),
        ),
      ],
      [
        "billing portal",
        app.request(
          "/api/create-billing-portal",
          jsonRequest("POST", {
            customUrl: offering.customUrl,
            manageKey,
            returnUrl: `${TEST_ORIGIN}/customer/${offering.customUrl}/${manageKey}`,
          }),
        ),
      ],
      [
        "cancel, unknown id",
        app.request(
          "/api/cancel-subscription",
          jsonRequest("POST", { customUrl: offering.customUrl, manageKey: randomUUID() }),
        ),
      ],
      ["reset-password page", app.request("/reset-password?token=abc")],
    ];
    for (const [what, pending] of checks) {
      const response = await pending;
      expect(response.status, what).toBeLessThan(500);
      expectPrivate(response, what);
    }
    const portalAnswer = await app.request(portal);
    expect(portalAnswer.status).toBe(200);
    // Ordinary public pages keep the site-wide policy.
    const landing = await app.request(`/api/public/offerings/${offering.customUrl}`);
    expect(landing.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("keeps manage keys and tokens out of the logs", async () => {
    await app.request(`/customer/${offering.customUrl}/${manageKey}`);
    await app.request(`/api/public/customers/${offering.customUrl}/${manageKey}`);
    await app.request(
      `/api/public/customers/${offering.customUrl}/${manageKey}/email`,
      jsonRequest("PATCH", { email: "still-valid@example.com" }),
    );
    await app.request(`/api/public/customers/${offering.customUrl}/${manageKey}/invoices`);
    await app.request(
      `/api/public/customers/${offering.customUrl}/${manageKey}/pause/end`,
      jsonRequest("POST", {}),
    );
    await app.request(
      "/api/public/email-changes/confirm",
      jsonRequest("POST", { token: "C".repeat(43) }),
    );
    await app.request("/api/auth/reset-password/sEcReTtOkEn123?callbackURL=%2Freset-password", {
      redirect: "manual",
    });
    app.runtime.deps.logger.info(
      { manageKey, attempt: { finalizeToken: "tok", clientSecret: "pi_x_secret_y" } },
      "a line that names secrets",
    );
    const logs = logLines.join("");
    expect(logs).not.toContain(manageKey);
    expect(logs).not.toContain("C".repeat(43));
    expect(logs).not.toContain("sEcReTtOkEn123");
    expect(logs).not.toContain("pi_x_secret_y");
    const paths = logLines
      .map((line) => JSON.parse(line) as { path?: string })
      .flatMap((line) => (line.path ? [line.path] : []));
    expect(paths).toEqual(
      expect.arrayContaining([
        `/customer/${offering.customUrl}/[redacted]`,
        `/api/public/customers/${offering.customUrl}/[redacted]`,
        `/api/public/customers/${offering.customUrl}/[redacted]/email`,
        `/api/public/customers/${offering.customUrl}/[redacted]/invoices`,
        `/api/public/customers/${offering.customUrl}/[redacted]/pause/end`,
        "/api/auth/reset-password/[redacted]",
      ]),
    );
    expect(logs).toContain('"manageKey":"[redacted]"');
  });

  it("writes no manage key to Stripe (customer, subscription, refund) or the CSV exports", async () => {
    const stripe = app.runtime.deps.stripe;
    const {
      subscriberId: id,
      manageKey: key,
      subscriptionId,
    } = await subscribeWithCard(app, offering);
    const payments = await app.request(`/api/subscribers/${id}/payments`, asCreator(creator));
    const [payment] = (await readJson(payments, subscriberPaymentsSchema)).payments;
    const refunded = await app.request(
      `/api/subscribers/${id}/payments/${payment!.id}/refund`,
      asCreator(
        creator,
        jsonRequest("POST", { amountCents: 500 }, { "Idempotency-Key": randomUUID() }),
      ),
    );
    expect(refunded.status).toBe(201);
    const { refund } = await readJson(refunded, refundPaymentResultSchema);
    const seenByStripe = JSON.stringify([
      await stripe.refunds.retrieve(refund.id),
      await stripe.subscriptions.retrieve(subscriptionId, { expand: ["customer"] }),
    ]);
    expect(seenByStripe).toContain(payment!.id);
    expect(seenByStripe).not.toContain(key);
    // Nor the subscriber's id: a link made before manage keys uses the id as its key.
    expect(seenByStripe).not.toContain(id);

    for (const file of ["subscribers.csv", "payments.csv"]) {
      const csv = await app.request(`/api/subscribers/export/${file}`, asCreator(creator));
      expect(csv.status).toBe(200);
      const text = await csv.text();
      expect(text.split("\n").length, file).toBeGreaterThan(1);
      expect(text, file).not.toContain(key);
    }
  });
});
