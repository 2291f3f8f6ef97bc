import type { Locator, Page } from "@playwright/test";

type Target = Page | Locator;
type Options = { path: string; fullPage?: boolean };

/** Long enough for a full-page capture of our longest screen on a loaded machine. */
const CAPTURE_TIMEOUT_MS = 10_000;

/**
 * A picture for a person to look at, never an assertion: what a journey checks, it checks with
 * locators. CI takes none (nobody looks at them there, and a full-page capture on a loaded machine
 * once ran past a journey's whole minute); set E2E_SCREENSHOTS=1 to take them anyway. Elsewhere a
 * capture is bounded in time, and one that fails is reported without failing the journey.
 */
export async function screenshotForReview(target: Target, options: Options): Promise<void> {
  if (process.env.CI && !process.env.E2E_SCREENSHOTS) return;
  try {
    await target.screenshot({ ...options, timeout: CAPTURE_TIMEOUT_MS });
  } catch (error) {
    console.warn(
      `Screenshot ${options.path} not taken: ${(error as Error).message.split("\n")[0]}`,
    );
  }
}
