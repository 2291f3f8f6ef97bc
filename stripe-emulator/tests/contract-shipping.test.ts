import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { caught, createMonthlyPrice } from "./fixtures";
import { postForm } from "./support";
import { openEmulatorPerFile } from "./target";

// Customers' shipping, address and phone, and Checkout collecting them: through the official
// SDK, with the hosted Checkout page driven by posting its form.

const suite = openEmulatorPerFile();

const HOME = {
  line1: "1 Main St",
  line2: "Apt 2",
  city: "Springfield",
  state: "IL",
  postal_code: "62701",
  country: "US",
};

const CARD = { card_number: "4242424242424242", exp_month: "1", exp_year: "2041", cvc: "999" };

/** The emulator's clock (a clock created in the past reports it without moving it). */
async function emulatorNow() {
  return (await suite.stripe.testHelpers.testClocks.create({ frozen_time: 0 })).frozen_time;
}

/** The shipping fields of the hosted Checkout form, named as its inputs are. */
function shippingForm(name: string, address: Record<string, string>, phone?: string) {
  return {
    shipping_name: name,
    shipping_line1: address.line1 ?? "",
    shipping_line2: address.line2 ?? "",
    shipping_city: address.city ?? "",
    shipping_state: address.state ?? "",
    shipping_postal_code: address.postal_code ?? "",
    shipping_country: address.country ?? "",
    ...(phone === undefined ? {} : { phone }),
  };
}

describe("a customer's shipping, address and phone", () => {
  it("are stored on create, replaced on update, returned on retrieve, and cleared with ''", async () => {
    const { stripe } = suite;
    const created = await stripe.customers.create({
      email: "ship@example.com",
      phone: "+15555550100",
      address: { line1: "9 Bill St", city: "Chicago", postal_code: "60601", country: "US" },
      shipping: { name: "Sam Ship", address: HOME, phone: "+15555550101" },
    });
    expect(created).toMatchObject({
      phone: "+15555550100",
      address: {
        line1: "9 Bill St",
        line2: null,
        city: "Chicago",
        state: null,
        postal_code: "60601",
        country: "US",
      },
      shipping: { name: "Sam Ship", phone: "+15555550101", address: HOME },
    });

    const updated = await stripe.customers.update(created.id, {
      phone: "+15555550199",
      address: { ...HOME, line1: "2 Main St" },
      shipping: {
        name: "Sam Moved",
        address: { line1: "3 Elm St", city: "Austin", country: "US" },
      },
    });
    expect(updated).toMatchObject({
      phone: "+15555550199",
      address: { line1: "2 Main St", city: "Springfield" },
      shipping: {
        name: "Sam Moved",
        phone: null,
        address: {
          line1: "3 Elm St",
          line2: null,
          city: "Austin",
          state: null,
          postal_code: null,
          country: "US",
        },
      },
    });
    const retrieved = await stripe.customers.retrieve(created.id);
    expect(retrieved).toMatchObject({
      phone: updated.phone,
      address: updated.address,
      shipping: updated.shipping,
    });

    const cleared = await stripe.customers.update(created.id, { shipping: "", address: "" });
    expect(cleared).toMatchObject({ shipping: null, address: null, phone: "+15555550199" });
    expect(await stripe.customers.retrieve(created.id)).toMatchObject({ shipping: null });
  });

  it("refuses shipping without its name or address, and unknown address fields", async () => {
    const { stripe } = suite;
    const noName = await caught(
      stripe.customers.create({
        shipping: { address: HOME } as Stripe.CustomerCreateParams.Shipping,
      }),
    );
    expect(noName).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(noName).toMatchObject({ code: "parameter_missing", param: "shipping[name]" });
    const customer = await stripe.customers.create({ email: "noaddress@example.com" });
    const noAddress = await caught(
      stripe.customers.update(customer.id, {
        shipping: { name: "No Address" } as Stripe.CustomerUpdateParams.Shipping,
      }),
    );
    expect(noAddress).toMatchObject({ code: "parameter_missing", param: "shipping[address]" });
    const unknown = await caught(
      stripe.customers.update(customer.id, {
        shipping: { name: "X", address: { ...HOME, colour: "red" } as Stripe.AddressParam },
      }),
    );
    expect(unknown).toMatchObject({
      code: "parameter_unknown",
      param: "shipping[address][colour]",
    });
  });
});

describe("Checkout collecting shipping and phone", () => {
  it("prefills from the customer, completes with an address and phone, and updates the customer as customer_update allows", async () => {
    const { stripe } = suite;
    const price = await createMonthlyPrice(suite.target, 3000);
    const customer = await stripe.customers.create({
      email: "regular@example.com",
      name: "Old Name",
      shipping: { name: "Pat Prefilled", address: HOME, phone: "+15555550123" },
    });
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: "http://localhost/success?session={CHECKOUT_SESSION_ID}",
      customer: customer.id,
      customer_update: { shipping: "auto", address: "auto", name: "never" },
      shipping_address_collection: { allowed_countries: ["US", "CA"] },
      phone_number_collection: { enabled: true },
    });
    expect(session).toMatchObject({
      shipping_address_collection: { allowed_countries: ["US", "CA"] },
      phone_number_collection: { enabled: true },
      collected_information: null,
      customer: customer.id,
    });
    expect(session).not.toHaveProperty("customer_update");

    const page = await fetch(session.url!).then((r) => r.text());
    expect(page).toContain('name="shipping_line1" value="1 Main St"');
    expect(page).toContain('name="shipping_name" value="Pat Prefilled"');
    expect(page).toContain('name="phone" value="+15555550123"');
    expect(page).toContain('<option value="CA">Canada</option>');
    expect(page).not.toContain('<option value="GB"');

    const shipTo = {
      line1: "77 Queen St W",
      city: "Toronto",
      state: "ON",
      postal_code: "M5H 2N2",
      country: "CA",
    };
    const done = await postForm(session.url!, {
      email: "regular@example.com",
      name: "Pat Cardholder",
      ...CARD,
      ...shippingForm("Pat Shipping", shipTo, "+14165550100"),
    });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(`http://localhost/success?session=${session.id}`);

    const completed = await stripe.checkout.sessions.retrieve(session.id);
    const address = { ...shipTo, line2: null };
    expect(completed).toMatchObject({
      status: "complete",
      collected_information: { shipping_details: { name: "Pat Shipping", address } },
      customer_details: { phone: "+14165550100", address },
    });
    // Basil moved it under collected_information.
    expect(completed).not.toHaveProperty("shipping_details");
    const updated = await stripe.customers.retrieve(customer.id);
    expect(updated).toMatchObject({
      // customer_update[name]=never keeps the customer's own.
      name: "Old Name",
      phone: "+14165550100",
      address,
      shipping: { name: "Pat Shipping", phone: "+14165550100", address },
    });
  });

  it("leaves an existing customer alone without customer_update, and fills a customer Checkout creates", async () => {
    const { stripe } = suite;
    const price = await createMonthlyPrice(suite.target, 1500);
    const customer = await stripe.customers.create({ email: "untouched@example.com" });
    const kept = await stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: "http://localhost/success",
      customer: customer.id,
      shipping_address_collection: { allowed_countries: ["US"] },
    });
    await postForm(kept.url!, {
      email: "untouched@example.com",
      name: "U",
      ...CARD,
      ...shippingForm("Una Untouched", HOME),
    });
    expect(await stripe.checkout.sessions.retrieve(kept.id)).toMatchObject({
      status: "complete",
      collected_information: { shipping_details: { name: "Una Untouched", address: HOME } },
      customer_details: { phone: null },
    });
    expect(await stripe.customers.retrieve(customer.id)).toMatchObject({
      shipping: null,
      address: null,
      phone: null,
    });

    const fresh = await stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: "http://localhost/success",
      shipping_address_collection: { allowed_countries: ["US"] },
      phone_number_collection: { enabled: true },
    });
    await postForm(fresh.url!, {
      email: "new@example.com",
      name: "Nia New",
      ...CARD,
      ...shippingForm("Nia New", HOME, "+15555550142"),
    });
    const completed = await stripe.checkout.sessions.retrieve(fresh.id);
    expect(completed.status).toBe("complete");
    expect(await stripe.customers.retrieve(completed.customer as string)).toMatchObject({
      email: "new@example.com",
      phone: "+15555550142",
      address: HOME,
      shipping: { name: "Nia New", phone: "+15555550142", address: HOME },
    });
  });

  it("refuses a country outside allowed_countries and a missing field on the page, keeping the session open", async () => {
    const { stripe } = suite;
    const price = await createMonthlyPrice(suite.target, 1000);
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: "http://localhost/success",
      shipping_address_collection: { allowed_countries: ["US"] },
      phone_number_collection: { enabled: true },
    });
    const fields = { email: "far@example.com", name: "Far Away", ...CARD };
    const abroad = await postForm(session.url!, {
      ...fields,
      ...shippingForm("Far Away", { ...HOME, country: "FR", state: "" }, "+33155550100"),
    });
    expect(abroad.status).toBe(400);
    const abroadPage = await abroad.text();
    expect(abroadPage).toContain('role="alert"');
    expect(abroadPage).toContain("We can&#39;t ship to FR. Choose one of: US.");

    const noCity = await postForm(session.url!, {
      ...fields,
      ...shippingForm("Far Away", { ...HOME, city: "" }, "+15555550100"),
    });
    expect(noCity.status).toBe(400);
    expect(await noCity.text()).toContain("Please fill in your shipping city.");

    const noPhone = await postForm(session.url!, { ...fields, ...shippingForm("Far Away", HOME) });
    expect(noPhone.status).toBe(400);
    expect(await noPhone.text()).toContain("Please fill in your phone number.");

    const still = await stripe.checkout.sessions.retrieve(session.id);
    expect(still).toMatchObject({ status: "open", customer: null, collected_information: null });
    expect(await stripe.customers.list({ email: "far@example.com" })).toMatchObject({ data: [] });
  });

  it("validates shipping_address_collection, customer_update and expires_at on create", async () => {
    const { stripe } = suite;
    const price = await createMonthlyPrice(suite.target, 1000);
    const base = {
      mode: "subscription" as const,
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: "http://localhost/success",
    };
    const badCountry = await caught(
      stripe.checkout.sessions.create({
        ...base,
        shipping_address_collection: {
          allowed_countries: [
            "US",
            "XYZ" as Stripe.Checkout.SessionCreateParams.ShippingAddressCollection.AllowedCountry,
          ],
        },
      }),
    );
    expect(badCountry).toMatchObject({
      code: "parameter_invalid",
      param: "shipping_address_collection[allowed_countries][1]",
    });
    const updateWithoutCustomer = await caught(
      stripe.checkout.sessions.create({ ...base, customer_update: { shipping: "auto" } }),
    );
    expect(updateWithoutCustomer).toMatchObject({ param: "customer_update" });

    const now = await emulatorNow();
    const soon = await caught(stripe.checkout.sessions.create({ ...base, expires_at: now + 60 }));
    expect(soon).toMatchObject({ code: "parameter_invalid", param: "expires_at" });
    const late = await caught(
      stripe.checkout.sessions.create({ ...base, expires_at: now + 25 * 3600 }),
    );
    expect(late).toMatchObject({ param: "expires_at" });
    const chosen = await stripe.checkout.sessions.create({ ...base, expires_at: now + 3600 });
    expect(chosen.expires_at).toBe(now + 3600);
    const defaulted = await stripe.checkout.sessions.create(base);
    expect(defaulted).toMatchObject({
      expires_at: defaulted.created + 24 * 3600,
      shipping_address_collection: null,
      phone_number_collection: { enabled: false },
    });
  });
});
