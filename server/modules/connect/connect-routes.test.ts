import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectStatusSchema, urlResponseSchema } from "../../../contracts/connect";
import { asCreator, createCreator } from "../../../tests/factories/creator-factory";
import { completeConnectOnboarding } from "../../../tests/factories/stripe-browser";
import { createTestApp, jsonRequest, type TestApp } from "../../../tests/setup/test-app";
import { readConnectedAccount, readJson } from "../../../tests/support/read-json";
import { connectAccounts } from "../../db/schema/app";

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe("the connected account", () => {
  it("is created once as an Express account with all flags false, even on a double click", async () => {
    const creator = await createCreator(app);
    const none = await app.request("/api/connect/account", asCreator(creator));
    expect(await none.json()).toEqual({ account: null });

    const [a, b] = await Promise.all([
      app.request("/api/connect/account", asCreator(creator, jsonRequest("POST", {}))),
      app.request("/api/connect/account", asCreator(creator, jsonRequest("POST", {}))),
    ]);
    const bodyA = await readJson(a, connectStatusSchema);
    const bodyB = await readJson(b, connectStatusSchema);
    expect(bodyA.account?.stripeAccountId).toBe(bodyB.account?.stripeAccountId);
    expect(bodyA.account).toMatchObject({
      chargesEnabled: false,
      payoutsEnabled: false,
      detailsSubmitted: false,
      onboardingCompleted: false,
    });
    expect(bodyA.account!.currentlyDue.length).toBeGreaterThan(0);
    const rows = await app.runtime.deps.db
      .select()
      .from(connectAccounts)
      .where(eq(connectAccounts.userId, creator.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ country: "US", currency: "usd" });

    const account = await app.runtime.deps.stripe.accounts.retrieve(bodyA.account!.stripeAccountId);
    expect(account.type).toBe("express");
    expect(account.settings?.payouts?.schedule?.interval).toBe("daily");
  });

  it("gives onboarding links back to the dashboard and refuses the login link until complete", async () => {
    const creator = await createCreator(app);
    await app.request("/api/connect/account", asCreator(creator, jsonRequest("POST", {})));
    const link = await app.request(
      "/api/connect/account-link",
      asCreator(creator, jsonRequest("POST", { purpose: "dashboard" })),
    );
    expect(link.status).toBe(200);
    expect((await readJson(link, urlResponseSchema)).url).toMatch(/^http/);

    const login = await app.request(
      "/api/connect/login-link",
      asCreator(creator, jsonRequest("POST", {})),
    );
    expect(login.status).toBe(409);
  });

  it("says the platform profile must be completed when Stripe refuses for that reason, and works once it is", async () => {
    const creator = await createCreator(app);
    const faults = `${app.runtime.emulator!.url}/_emulator/faults`;
    // What Stripe answers while the platform's Connect profile is unfinished.
    const set = await fetch(faults, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        mode: "stripe_error",
        paths: ["/v1/accounts"],
        methods: ["POST"],
        error: {
          status: 400,
          type: "invalid_request_error",
          message:
            "Please review the responsibilities of managing losses for connected accounts at https://dashboard.stripe.com/settings/connect/platform-profile.",
        },
      }),
    });
    expect(set.status).toBe(200);
    let refused: Response;
    try {
      refused = await app.request(
        "/api/connect/account",
        asCreator(creator, jsonRequest("POST", {})),
      );
    } finally {
      await fetch(faults, { method: "DELETE" });
    }
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: {
        code: "platform_profile_required",
        message:
          "Platform setup required: Please complete your Stripe Connect platform profile first. This is a one-time setup required by Stripe.",
      },
    });
    const rows = await app.runtime.deps.db
      .select()
      .from(connectAccounts)
      .where(eq(connectAccounts.userId, creator.id));
    expect(rows).toHaveLength(0);

    // The operator completes the profile: the same creator's next try creates the account.
    const created = await app.request(
      "/api/connect/account",
      asCreator(creator, jsonRequest("POST", {})),
    );
    expect(created.status).toBe(200);
    expect((await readJson(created, connectStatusSchema)).account?.stripeAccountId).toMatch(
      /^acct_/,
    );
  });

  it("turns onboarding_completed on only when Stripe reports all three flags", async () => {
    const creator = await createCreator(app);
    const created = await app.request(
      "/api/connect/account",
      asCreator(creator, jsonRequest("POST", {})),
    );
    const account = await readConnectedAccount(created);
    await completeConnectOnboarding(app, account.stripeAccountId);
    const refreshed = await app.request(
      "/api/connect/account/refresh",
      asCreator(creator, jsonRequest("POST", {})),
    );
    expect((await readJson(refreshed, connectStatusSchema)).account).toMatchObject({
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
      onboardingCompleted: true,
      currentlyDue: [],
    });
    const login = await app.request(
      "/api/connect/login-link",
      asCreator(creator, jsonRequest("POST", {})),
    );
    expect(login.status).toBe(200);
  });
});
