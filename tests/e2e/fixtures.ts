import { test as base, expect } from "@playwright/test";

/** An address in 198.18.0.0/15, set aside for tests (RFC 2544). */
export function testClientAddress(): string {
  const part = () => Math.floor(Math.random() * 250) + 1;
  return `198.18.${part()}.${part()}`;
}

/** Every page fails its test on an unexpected console.error or uncaught exception. */
export const test = base.extend<{ consoleErrors: string[]; clientAddress: string }>({
  /**
   * The page's API calls come from an address of their own, as if through the proxy the app
   * trusts in e2e (TRUST_PROXY=1): every sign-up also signs in (ADR 013), and the declined-card
   * tests spend an address's 5 declines an hour, so a suite (or its --repeat-each) sharing one
   * address would trip the per-address limits meant for people.
   */
  clientAddress: [
    async ({ page }, use) => {
      const address = testClientAddress();
      await page.route(
        (url) => url.pathname.startsWith("/api/"),
        (route) =>
          route.fallback({
            headers: { ...route.request().headers(), "x-forwarded-for": address },
          }),
      );
      await use(address);
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        // Chromium logs every 4xx fetch; those are answers the UI handles (wrong password...).
        if (
          /Failed to load resource: the server responded with a status of 4\d\d/.test(
            message.text(),
          )
        ) {
          return;
        }
        errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors, "unexpected console errors in the browser").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
