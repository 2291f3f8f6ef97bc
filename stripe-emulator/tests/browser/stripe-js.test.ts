import { describe, expect, it } from "vitest";
import { chromiumMissingReason } from "./support/chromium";
import { PUBLISHABLE_KEY } from "./support/fake-stripe-api";
import { openMerchantSuite } from "./support/merchant-suite";

/**
 * The emulator's Stripe.js in real Chromium: a merchant page on one origin loads the script
 * from the (fake) API's origin, mounts the card Element and calls the Stripe methods the app
 * uses. The page exposes a small `harness` so each test is one call and plain JSON back.
 */

const missing = chromiumMissingReason();
if (missing) console.warn(missing);

const FUTURE_YY = String((new Date().getFullYear() + 3) % 100).padStart(2, "0");

function merchantPage(apiUrl: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Merchant</title>
<script src="${apiUrl}/v3/stripe.js"></script></head>
<body><form id="pay"><div id="card-element"></div><button type="submit">Pay</button></form>
<script>
  var stripe = Stripe(${JSON.stringify(PUBLISHABLE_KEY)});
  var elements = stripe.elements();
  var card = elements.create("card", { hidePostalCode: true, style: { base: { fontSize: "18px", color: "rgb(17, 24, 39)" } } });
  var events = [];
  ["ready", "change", "focus", "blur"].forEach(function (type) {
    card.on(type, function (event) { events.push({ type: type, event: JSON.parse(JSON.stringify(event || {})) }); });
  });
  card.mount("#card-element");
  var billing = { name: "Ann Walker", email: "ann@example.com" };
  var pending = null;
  window.harness = {
    events: function (type) { return events.filter(function (e) { return e.type === type; }).map(function (e) { return e.event; }); },
    lastChange: function () { var c = this.events("change"); return c[c.length - 1]; },
    createPaymentMethod: function () { return stripe.createPaymentMethod({ type: "card", card: elements.getElement("card"), billing_details: billing }); },
    createPaymentMethodLegacy: function () { return stripe.createPaymentMethod("card", card, { billing_details: billing }); },
    // Starts a confirmation without waiting, so a test can act on the 3DS challenge meanwhile.
    startConfirm: function (secret, paymentMethod) {
      var data = { payment_method: paymentMethod || { card: card, billing_details: billing } };
      pending = stripe.confirmCardPayment(secret, data).then(function (r) { return JSON.parse(JSON.stringify(r)); });
    },
    finishConfirm: function () { return pending; },
    confirm: function (secret, paymentMethod) { this.startConfirm(secret, paymentMethod); return pending; },
    retrieve: function (secret) { return stripe.retrievePaymentIntent(secret); },
    startSetup: function (secret, paymentMethod) {
      var data = { payment_method: paymentMethod || { card: card, billing_details: billing } };
      pending = stripe.confirmCardSetup(secret, data).then(function (r) { return JSON.parse(JSON.stringify(r)); });
    },
    setup: function (secret) { this.startSetup(secret); return pending; },
    confirmSetup: function (secret) {
      return stripe.confirmSetup({ elements: elements, clientSecret: secret, confirmParams: { return_url: "http://localhost/back", payment_method_data: { billing_details: billing } }, redirect: "if_required" }).then(function (r) { return JSON.parse(JSON.stringify(r)); });
    },
    retrieveSetup: function (secret) { return stripe.retrieveSetupIntent(secret); },
    unsupportedElement: function () { try { elements.create("payment"); return null; } catch (e) { return e.message; } },
  };
</script></body></html>`;
}

describe.skipIf(missing !== null)("Stripe.js stand-in in Chromium", () => {
  const suite = openMerchantSuite(
    () => (_req, res) => {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      res.end(merchantPage(suite.api.url));
    },
    (page) => page.waitForFunction("window.harness && harness.events('ready').length === 1"),
  );

  async function typeCard(number: string, expiry = `12${FUTURE_YY}`, cvc = "123") {
    await suite.page.getByLabel("Card number").pressSequentially(number);
    await suite.page.getByLabel("Expiration date MM / YY").pressSequentially(expiry);
    await suite.page.getByLabel("CVC").pressSequentially(cvc);
  }

  const lastChange = () =>
    suite.page.evaluate("harness.lastChange()") as Promise<{
      complete: boolean;
      empty: boolean;
      brand: string;
      error?: { type: string; code: string; message: string };
    }>;

  it("renders labelled inputs that format as the customer types", async () => {
    const number = suite.page.getByLabel("Card number");
    await expect(number.getAttribute("placeholder")).resolves.toBe("1234 1234 1234 1234");
    await expect(
      suite.page.getByLabel("Expiration date MM / YY").getAttribute("placeholder"),
    ).resolves.toBe("MM / YY");
    await expect(suite.page.getByLabel("ZIP").isHidden()).resolves.toBe(true);
    const fontSize =
      "getComputedStyle(document.querySelector('[aria-label=\"Card number\"]')).fontSize";
    expect(await suite.page.evaluate(fontSize)).toBe("18px"); // options.style.base applies

    await number.pressSequentially("4242424242424242");
    expect(await number.inputValue()).toBe("4242 4242 4242 4242");
    // A complete number moves the customer on to the expiry, as in Stripe's element.
    expect(await suite.page.evaluate("document.activeElement.getAttribute('aria-label')")).toBe(
      "Expiration date MM / YY",
    );
    expect(await lastChange()).toMatchObject({ complete: false, empty: false, brand: "visa" });
    expect(await suite.page.evaluate("harness.events('focus').length")).toBe(1);

    await suite.page.getByLabel("Expiration date MM / YY").pressSequentially(`12${FUTURE_YY}`);
    expect(await suite.page.getByLabel("Expiration date MM / YY").inputValue()).toBe(
      `12 / ${FUTURE_YY}`,
    );
    await suite.page.getByLabel("CVC").pressSequentially("1234");
    expect(await suite.page.getByLabel("CVC").inputValue()).toBe("123");
    const change = await lastChange();
    expect(change).toMatchObject({ complete: true, empty: false, brand: "visa" });
    expect(change.error).toBeUndefined();
    expect(await suite.page.locator("#card-element").getAttribute("class")).toContain(
      "StripeElement--complete",
    );

    await suite.page.getByRole("button", { name: "Pay" }).focus();
    expect(await suite.page.evaluate("harness.events('blur').length")).toBe(1);
  });

  it("reports Stripe's validation messages", async () => {
    await suite.page.getByLabel("Card number").pressSequentially("4242424242424241");
    expect((await lastChange()).error).toEqual({
      type: "validation_error",
      code: "invalid_number",
      message: "Your card number is invalid.",
    });
    expect(await suite.page.getByLabel("Card number").getAttribute("aria-invalid")).toBe("true");

    await suite.page.getByLabel("Card number").fill("4242 4242");
    expect((await lastChange()).error).toBeUndefined(); // incomplete, but still being typed
    await suite.page.getByLabel("CVC").focus();
    expect((await lastChange()).error?.message).toBe("Your card number is incomplete.");

    await suite.page.getByLabel("Card number").fill("4242424242424242");
    await suite.page.getByLabel("Expiration date MM / YY").fill("1220");
    expect((await lastChange()).error).toMatchObject({
      code: "invalid_expiry_year_past",
      message: "Your card's expiration year is in the past.",
    });

    await suite.page.getByLabel("Expiration date MM / YY").fill(`12${FUTURE_YY}`);
    const result = (await suite.page.evaluate("harness.createPaymentMethod()")) as {
      error?: { code: string; message: string };
    };
    expect(result.error).toMatchObject({
      code: "incomplete_cvc",
      message: "Your card's security code is incomplete.",
    });
    expect(suite.api.requests.filter((r) => r.path === "/v1/payment_methods")).toHaveLength(0);
  });

  it("supports only the card Element, and finds it by name or by react-stripe-js component", async () => {
    expect(await suite.page.evaluate("harness.unsupportedElement()")).toContain(
      "only emulates the 'card' Element",
    );
    expect(await suite.page.evaluate("elements.getElement('card') === card")).toBe(true);
    expect(
      await suite.page.evaluate("elements.getElement({ __elementType: 'card' }) === card"),
    ).toBe(true);
    expect(
      await suite.page.evaluate(
        "typeof stripe._registerWrapper + typeof stripe.registerAppInfo + typeof stripe.createToken",
      ),
    ).toBe("functionfunctionfunction");
    await suite.page.evaluate("card.destroy()");
    expect(await suite.page.evaluate("elements.getElement('card')")).toBeNull();
    await expect(suite.page.getByLabel("Card number").count()).resolves.toBe(0);
  });

  it("creates a PaymentMethod with the publishable key and form-encoded card details", async () => {
    await typeCard("4242424242424242");
    const { paymentMethod } = (await suite.page.evaluate("harness.createPaymentMethod()")) as {
      paymentMethod: { id: string; card: { last4: string } };
    };
    expect(paymentMethod.id).toMatch(/^pm_/);
    expect(paymentMethod.card.last4).toBe("4242");
    const sent = suite.api.requests.find((r) => r.path === "/v1/payment_methods");
    expect(sent?.authorization).toBe(`Bearer ${PUBLISHABLE_KEY}`);
    expect(sent?.params).toEqual({
      type: "card",
      "card[number]": "4242424242424242",
      "card[exp_month]": "12",
      "card[exp_year]": `20${FUTURE_YY}`,
      "card[cvc]": "123",
      "billing_details[name]": "Ann Walker",
      "billing_details[email]": "ann@example.com",
    });

    const legacy = (await suite.page.evaluate("harness.createPaymentMethodLegacy()")) as {
      paymentMethod?: { id: string };
    };
    expect(legacy.paymentMethod?.id).toMatch(/^pm_/);
  });

  it("confirms a payment with the card Element", async () => {
    const intent = suite.api.createIntent(4000);
    await typeCard("4242 4242 4242 4242");
    const result = (await suite.page.evaluate(
      `harness.confirm(${JSON.stringify(intent.client_secret)})`,
    )) as {
      paymentIntent?: { id: string; status: string };
    };
    expect(result.paymentIntent).toMatchObject({ id: intent.id, status: "succeeded" });
    const retrieved = (await suite.page.evaluate(
      `harness.retrieve(${JSON.stringify(intent.client_secret)})`,
    )) as {
      paymentIntent?: { status: string };
    };
    expect(retrieved.paymentIntent?.status).toBe("succeeded");
  });

  it("resolves a decline as { error } with Stripe's message", async () => {
    const intent = suite.api.createIntent(4000);
    await typeCard("4000000000000002");
    const result = (await suite.page.evaluate(
      `harness.confirm(${JSON.stringify(intent.client_secret)})`,
    )) as {
      error?: { type: string; code: string; decline_code: string; message: string };
      paymentIntent?: unknown;
    };
    expect(result.paymentIntent).toBeUndefined();
    expect(result.error).toEqual({
      type: "card_error",
      code: "card_declined",
      decline_code: "generic_decline",
      message: "Your card was declined.",
    });
  });

  async function startThreeDSecure() {
    const intent = suite.api.createIntent(4000);
    await typeCard("4000002500003155");
    // A PaymentMethod id, as our app passes it after creating the subscription.
    const created = (await suite.page.evaluate("harness.createPaymentMethod()")) as {
      paymentMethod: { id: string };
    };
    await suite.page.evaluate(
      `harness.startConfirm(${JSON.stringify(intent.client_secret)}, ${JSON.stringify(created.paymentMethod.id)})`,
    );
    const overlay = suite.page.getByRole("dialog", { name: "3D Secure authentication" });
    await overlay.waitFor();
    expect(await overlay.getAttribute("aria-modal")).toBe("true");
    const challenge = suite.page.frameLocator('iframe[title="3D Secure authentication"]');
    await challenge.getByRole("heading", { name: "3D Secure 2 Test Page" }).waitFor();
    expect(
      await suite.page.evaluate(
        "document.activeElement && document.activeElement.closest('[data-stripe-emulator-3ds]') !== null",
      ),
    ).toBe(true);
    return { intent, overlay, challenge };
  }

  it("shows the 3-D Secure challenge and succeeds when it is completed", async () => {
    const { intent, overlay, challenge } = await startThreeDSecure();
    await challenge.locator("#test-source-authorize-3ds").click();
    const result = (await suite.page.evaluate("harness.finishConfirm()")) as {
      paymentIntent?: { id: string; status: string };
    };
    expect(result.paymentIntent).toMatchObject({ id: intent.id, status: "succeeded" });
    await expect(overlay.count()).resolves.toBe(0);
  });

  it("reports an authentication failure when the challenge is failed", async () => {
    const { intent, overlay, challenge } = await startThreeDSecure();
    await challenge.getByRole("button", { name: "Fail" }).click();
    const result = (await suite.page.evaluate("harness.finishConfirm()")) as {
      error?: {
        type: string;
        code: string;
        message: string;
        payment_intent: { id: string; status: string };
      };
    };
    expect(result.error).toMatchObject({
      type: "card_error",
      code: "payment_intent_authentication_failure",
      message:
        "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
      payment_intent: { id: intent.id, status: "requires_payment_method" },
    });
    await expect(overlay.count()).resolves.toBe(0);
  });

  it("saves a card with confirmCardSetup and confirmSetup", async () => {
    const intent = suite.api.createIntent(0, "setup_intent");
    await typeCard("4242424242424242");
    const result = (await suite.page.evaluate(
      `harness.setup(${JSON.stringify(intent.client_secret)})`,
    )) as { setupIntent?: { id: string; status: string } };
    expect(result.setupIntent).toMatchObject({ id: intent.id, status: "succeeded" });
    const confirm = suite.api.requests.find(
      (r) => r.path === `/v1/setup_intents/${intent.id}/confirm`,
    );
    expect(confirm?.params.client_secret).toBe(intent.client_secret);
    expect(confirm?.params.payment_method).toMatch(/^pm_/);

    const other = suite.api.createIntent(0, "setup_intent");
    const viaElements = (await suite.page.evaluate(
      `harness.confirmSetup(${JSON.stringify(other.client_secret)})`,
    )) as { setupIntent?: { id: string; status: string } };
    expect(viaElements.setupIntent).toMatchObject({ id: other.id, status: "succeeded" });
    const retrieved = (await suite.page.evaluate(
      `harness.retrieveSetup(${JSON.stringify(other.client_secret)})`,
    )) as { setupIntent?: { status: string } };
    expect(retrieved.setupIntent?.status).toBe("succeeded");
  });

  it("resolves a declined setup as { error }", async () => {
    const intent = suite.api.createIntent(0, "setup_intent");
    await typeCard("4000000000000002");
    const result = (await suite.page.evaluate(
      `harness.setup(${JSON.stringify(intent.client_secret)})`,
    )) as { error?: { code: string }; setupIntent?: unknown };
    expect(result.setupIntent).toBeUndefined();
    expect(result.error?.code).toBe("card_declined");
  });

  it("runs the 3-D Secure challenge for a SetupIntent, and reports a failed one", async () => {
    for (const outcome of ["complete", "fail"] as const) {
      const intent = suite.api.createIntent(0, "setup_intent");
      await suite.page.reload();
      await suite.page.waitForFunction("window.harness && harness.events('ready').length === 1");
      await typeCard("4000002500003155");
      await suite.page.evaluate(`harness.startSetup(${JSON.stringify(intent.client_secret)})`);
      const challenge = suite.page.frameLocator('iframe[title="3D Secure authentication"]');
      await challenge.getByText("saved for future payments").waitFor();
      await challenge
        .locator(outcome === "complete" ? "#test-source-authorize-3ds" : "#test-source-fail-3ds")
        .click();
      const result = (await suite.page.evaluate("harness.finishConfirm()")) as {
        setupIntent?: { id: string; status: string };
        error?: { code: string; setup_intent: { id: string } };
      };
      if (outcome === "complete")
        expect(result.setupIntent).toMatchObject({ id: intent.id, status: "succeeded" });
      else
        expect(result.error).toMatchObject({
          code: "setup_intent_authentication_failure",
          setup_intent: { id: intent.id },
        });
    }
  });

  it("turns a dropped connection into an api_connection_error", async () => {
    const result = (await suite.page.evaluate(
      `harness.confirm("pi_dropped_secret_x", "pm_123")`,
    )) as {
      error?: { type: string };
    };
    expect(result.error?.type).toBe("api_connection_error");
  });
});
