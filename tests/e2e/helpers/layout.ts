import { expect, type Page } from "@playwright/test";

/**
 * Nothing sticks out sideways: the document doesn't scroll horizontally, and no element reaches
 * past the viewport's right edge unless a box that clips or scrolls sideways holds it (a table's
 * own overflow-x-auto wrapper). On failure, names the elements that stick out.
 */
export async function expectNoHorizontalOverflow(page: Page, what: string, soft = false) {
  const overflow = await page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const isClipped = (element: Element) => {
      for (let e = element.parentElement; e && e !== document.body; e = e.parentElement) {
        if (getComputedStyle(e).overflowX !== "visible") return true;
      }
      return false;
    };
    const offenders = Array.from(document.querySelectorAll("body *"))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.right > viewport + 0.5;
      })
      .filter((element) => !isClipped(element))
      .slice(0, 5)
      .map((element) => {
        const name = element.getAttribute("aria-label") ?? element.textContent?.slice(0, 30);
        return `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)} "${name}" (${Math.round(element.getBoundingClientRect().right)} px)`;
      });
    return { document: document.documentElement.scrollWidth, viewport, offenders };
  });
  const check = soft ? expect.soft : expect;
  check(
    overflow.document,
    `${what} scrolls sideways (${overflow.document} > ${overflow.viewport} px)`,
  ).toBeLessThanOrEqual(overflow.viewport);
  check(overflow.offenders, `${what}: elements past the viewport's right edge`).toEqual([]);
}
