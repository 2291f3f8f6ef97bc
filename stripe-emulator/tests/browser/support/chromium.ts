import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

const CHROMIUM_PATH = "/usr/bin/chromium";

/** Why the browser tests cannot run here, or null when they can. */
export function chromiumMissingReason(): string | null {
  return existsSync(CHROMIUM_PATH)
    ? null
    : `${CHROMIUM_PATH} is not installed (apt-get install chromium); skipping the Stripe.js browser tests.`;
}

/** Debian's Chromium; Playwright's own browser download is not available on these machines. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}
