import type { RequestListener } from "node:http";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import { launchChromium } from "./chromium";
import { startFakeStripeApi } from "./fake-stripe-api";
import { closeAll, openMerchantPage, serveMerchantSite } from "./merchant-site";

/** What a browser suite works with; `page` is the running test's own. */
export interface MerchantSuite {
  api: Awaited<ReturnType<typeof startFakeStripeApi>>;
  page: Page;
}

/**
 * The hooks every browser suite shares (call it inside the suite's describe): the fake Stripe
 * API, the merchant's site (what `site` serves, given the API's URL) and Chromium, once per
 * file; a fresh page per test, ready once `pageReady` resolves, whose script errors fail it.
 */
export function openMerchantSuite(
  site: (apiUrl: string) => RequestListener | Promise<RequestListener>,
  pageReady?: (page: Page) => Promise<unknown>,
): MerchantSuite {
  const suite = {} as MerchantSuite;
  let merchant: Awaited<ReturnType<typeof serveMerchantSite>> | undefined;
  let browser: Browser | undefined;
  let pageErrors: string[] = [];

  beforeAll(async () => {
    suite.api = await startFakeStripeApi();
    merchant = await serveMerchantSite(await site(suite.api.url));
    browser = await launchChromium();
  });

  afterAll(() => closeAll(browser, merchant, suite.api));

  beforeEach(async () => {
    pageErrors = [];
    suite.page = await openMerchantPage(browser!, merchant!.url, pageErrors);
    await pageReady?.(suite.page);
  });

  afterEach(async () => {
    await suite.page.close();
    expect(pageErrors).toEqual([]);
  });

  return suite;
}
