import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Offering } from "../../contracts/offerings";
import { offerings, subscribers, webhookEvents } from "../../server/db/schema/app";
import { asCreator } from "../factories/creator-factory";
import {
  createOffering,
  createOnboardedCreator,
  type OnboardedCreator,
} from "../factories/offering-factory";
import { confirmCardPayment, createPaymentMethod, testCards } from "../factories/stripe-browser";
import { createTestAppWithPages, jsonRequest, type TestApp } from "../setup/test-app";
import { readApiError } from "../support/read-json";

// Issue 11, defect 2: "A NUL byte charges a customer and records nothing."

let app: TestApp;
let creator: OnboardedCreator;
let offering: Offering;

beforeAll(async () => {
  // The web shell serves the source templates: what matters is how the server answers.
  app = await createTestAppWithPages();
  creator = await createOnboardedCreator(app);
  offering = await createOffering(app, creator);
}, 60_000);
afterAll(async () => {
  await app?.close();
});

async function stripeCustomerCount() {
  let n = 0;
  for await (const _customer of app.runtime.deps.stripe.customers.list({ limit: 100 })) n += 1;
  return n;
}

describe("a NUL byte", () => {
  it("in a subscriber's name is refused before Stripe is called, naming the field", async () => {
    const customersBefore = await stripeCustomerCount();
    const paymentMethodId = await createPaymentMethod(app, testCards.success);
    const response = await app.request(
      "/api/public/subscribe",
      jsonRequest("POST", {
        customUrl: offering.customUrl,
        attemptId: randomUUID(),
        name: "Pat\u0000Smith",
        email: "pat@example.com",
        paymentMethodId,
      }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: "bad_request", message: "name can't contain NUL characters." },
    });
    expect(await stripeCustomerCount()).toBe(customersBefore);
  });

  it("in an offering's title, description or service type is refused before Stripe is called", async () => {
    let productsBefore = 0;
    for await (const _p of app.runtime.deps.stripe.products.list({ limit: 100 })) productsBefore++;
    for (const field of ["title", "description", "subcategory"]) {
      const response = await app.request(
        "/api/offerings",
        asCreator(
          creator,
          jsonRequest("POST", {
            title: "Lawn",
            category: "home-property",
            subcategory: "Lawn Care",
            description: "Weekly",
            priceCents: 2500,
            [field]: "x\u0000y",
          }),
        ),
      );
      expect(response.status, field).toBe(400);
      expect((await readApiError(response)).message).toBe(`${field} can't contain NUL characters.`);
    }
    let productsAfter = 0;
    for await (const _p of app.runtime.deps.stripe.products.list({ limit: 100 })) productsAfter++;
    expect(productsAfter).toBe(productsBefore);
  });

  it("in a path is a 404 that never reaches the database", async () => {
    for (const path of [
      "/api/public/offerings/x%00y",
      `/api/public/customers/x%00y/${randomUUID()}`,
      `/api/public/customers/${offering.customUrl}/x%00y`,
    ]) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
      expect((await readApiError(response)).code).toBe("not_found");
    }
  });

  it("in a landing page's address is the unknown-offering answer: 404 at /landing, / at the root", async () => {
    for (const segment of ["x%00y", "%00", "%FF", "x%C0%AFy"]) {
      const landing = await app.request(`/landing/${segment}`, { redirect: "manual" });
      expect(landing.status, `/landing/${segment}`).toBe(404);
      const root = await app.request(`/${segment}`, { redirect: "manual" });
      expect(root.status, `/${segment}`).toBe(302);
      expect(root.headers.get("location")).toBe("/");
    }
  });

  it("in a name Stripe hands back (metadata written before the rule) is cleaned, and its webhooks succeed", async () => {
    const stripe = app.runtime.deps.stripe;
    const [row] = await app.runtime.deps.db
      .select({ priceId: offerings.stripePriceId })
      .from(offerings)
      .where(eq(offerings.id, offering.id));
    const paymentMethodId = await createPaymentMethod(app, testCards.success);
    const customer = await stripe.customers.create({ email: "old@example.com", name: "Old" });
    await stripe.paymentMethods.attach(paymentMethodId, { customer: customer.id });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: row!.priceId! }],
      default_payment_method: paymentMethodId,
      payment_behavior: "default_incomplete",
      transfer_data: { destination: creator.stripeAccountId },
      on_behalf_of: creator.stripeAccountId,
      application_fee_percent: 15,
      metadata: {
        regulars_offering_id: offering.id,
        regulars_subscriber_name: "Pat\u0000 \u202eSmith",
        regulars_subscriber_email: "old@example.com",
      },
      expand: ["latest_invoice.confirmation_secret"],
    });
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    await confirmCardPayment(app, invoice.confirmation_secret!.client_secret, paymentMethodId);

    let recorded: { name: string } | undefined;
    for (let attempt = 0; attempt < 50 && !recorded; attempt++) {
      await app.flushWebhooks();
      [recorded] = await app.runtime.deps.db
        .select({ name: subscribers.name })
        .from(subscribers)
        .where(eq(subscribers.stripeSubscriptionId, subscription.id));
      if (!recorded) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(recorded?.name).toBe("Pat   Smith");
    const events = await app.runtime.deps.db.select().from(webhookEvents);
    expect(events.filter((event) => event.processedAt === null)).toEqual([]);
  }, 30_000);
});
