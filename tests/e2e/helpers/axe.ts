import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Runs axe on the page as it is now (open dialogs included) and expects no violations.
 * `soft` records a failure and goes on, so one run names every screen that fails; `include`
 * checks only what a selector matches (an open dialog, when the page behind it is checked apart).
 */
export async function expectNoAxeViolations(
  page: Page,
  what: string,
  options: { soft?: boolean; include?: string } = {},
) {
  // Colours read mid-transition are neither state's (a button fading from disabled to enabled as
  // the page hydrates): let running CSS transitions and animations finish first.
  // (Endless ones, a spinner or a skeleton's pulse, never finish and are left alone.)
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== "running" ||
          animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  // A state that changes while axe reads (a submit enabled as the page hydrates) must be read
  // as it ends, not at whatever point of its fade the read falls on: no transitions meanwhile.
  const still = await page.addStyleTag({
    content: "*, *::before, *::after { transition: none !important; }",
  });
  const builder = new AxeBuilder({ page });
  if (options.include) builder.include(options.include);
  const results = await builder.analyze();
  await still.evaluate((style) => style.parentNode?.removeChild(style));
  (options.soft ? expect.soft : expect)(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    `axe on ${what}`,
  ).toEqual([]);
}
