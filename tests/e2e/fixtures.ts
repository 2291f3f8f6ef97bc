import { test as base, expect } from "@playwright/test";

/** Every page fails its test on an unexpected console.error or uncaught exception. */
export const test = base.extend<{ consoleErrors: string[] }>({
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
