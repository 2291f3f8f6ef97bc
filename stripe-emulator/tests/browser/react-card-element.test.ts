import { describe, expect, it } from "vitest";
import { chromiumMissingReason } from "./support/chromium";
import { PUBLISHABLE_KEY } from "./support/fake-stripe-api";
import { openMerchantSuite } from "./support/merchant-suite";
import { bundleReactCardApp } from "./support/react-bundle";

/**
 * The real @stripe/react-stripe-js <CardElement> (in StrictMode, as our app runs) against the
 * emulator's script: the provider accepts the instance, onReady arrives although React
 * subscribes after mount, onChange carries validation, and getElement(CardElement) works.
 */

const missing = chromiumMissingReason();
if (missing) console.warn(missing);

const FUTURE_YY = String((new Date().getFullYear() + 3) % 100).padStart(2, "0");

describe.skipIf(missing !== null)("<CardElement> from @stripe/react-stripe-js", () => {
  const suite = openMerchantSuite(async (apiUrl) => {
    const bundle = await bundleReactCardApp();
    return (req, res) => {
      if (req.url === "/app.js") {
        res.writeHead(200, { "Content-Type": "text/javascript" });
        res.end(bundle);
        return;
      }
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Merchant</title>
<script>window.publishableKey = ${JSON.stringify(PUBLISHABLE_KEY)};</script>
<script src="${apiUrl}/v3/stripe.js"></script></head>
<body><div id="root"></div><script type="module" src="/app.js"></script></body></html>`);
    };
  });

  async function typeCard(number: string) {
    await suite.page.getByLabel("Card number").fill(number);
    await suite.page.getByLabel("Expiration date MM / YY").fill(`12${FUTURE_YY}`);
    await suite.page.getByLabel("CVC").fill("123");
  }

  async function pay(clientSecret: string) {
    await suite.page.evaluate(`window.clientSecret = ${JSON.stringify(clientSecret)}`);
    await suite.page.getByRole("button", { name: "Pay" }).click();
  }

  it("mounts once under StrictMode, becomes ready, validates and pays", async () => {
    const payButton = suite.page.getByRole("button", { name: "Pay" });
    await suite.page.waitForFunction("!document.querySelector('button').disabled", undefined, {
      timeout: 5000,
    });
    expect(await payButton.isEnabled()).toBe(true);
    await expect(suite.page.getByLabel("Card number").count()).resolves.toBe(1);

    await suite.page.getByLabel("Card number").fill("4242424242424241");
    await suite.page
      .getByRole("alert")
      .filter({ hasText: "Your card number is invalid." })
      .waitFor({ timeout: 5000 });

    const intent = suite.api.createIntent(4000);
    await typeCard("4242 4242 4242 4242");
    // A valid card clears the message again.
    expect(await suite.page.locator("p[role=alert]").textContent()).toBe("");
    await pay(intent.client_secret);
    await suite.page.locator("output", { hasText: "paid: succeeded" }).waitFor({ timeout: 5000 });
  });

  it("passes a 3-D Secure challenge and shows a decline's message", async () => {
    const secure = suite.api.createIntent(4000);
    await typeCard("4000 0025 0000 3155");
    await pay(secure.client_secret);
    const challenge = suite.page.frameLocator('iframe[title="3D Secure authentication"]');
    await challenge.getByRole("button", { name: "Complete" }).click();
    await suite.page.locator("output", { hasText: "paid: succeeded" }).waitFor({ timeout: 5000 });

    const declined = suite.api.createIntent(4000);
    await typeCard("4000 0000 0000 0002");
    await pay(declined.client_secret);
    await suite.page
      .locator("output", { hasText: "error: Your card was declined." })
      .waitFor({ timeout: 5000 });
  });
});
