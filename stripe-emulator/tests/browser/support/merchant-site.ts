import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";

/** A merchant's web site on its own origin (another one than the Stripe API it loads from). */
export async function serveMerchantSite(listener: RequestListener) {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A fresh page on `url` whose script errors land in `errors`. The browser's own console stays
 * out of Node's console (the setup file fails tests on console.error); Chromium logs every
 * non-2xx response, such as a deliberate 402 decline, as "Failed to load resource".
 */
export async function openMerchantPage(browser: Browser, url: string, errors: string[]) {
  const page = await browser.newPage();
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
      errors.push(message.text());
    }
  });
  await page.goto(url);
  return page;
}

/** Closes what a suite opened, in order; what never opened (a failed start) is skipped. */
export async function closeAll(...opened: Array<{ close(): Promise<void> } | undefined>) {
  for (const thing of opened) await thing?.close();
}
