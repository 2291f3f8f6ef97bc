import { expect, test } from "./fixtures";
import { createSellingCreator } from "./helpers/api";

const hostileTitle = `<img src=x onerror="window.__xss=1">Lawn "Care" </title><script>window.__xss=2</script>`;

test("stored text renders inert on the landing page and in its server-filled meta tags", async ({
  page,
  request,
  baseURL,
}) => {
  const { offering } = await createSellingCreator(request, baseURL!, {
    title: hostileTitle,
    priceCents: 1000,
  });
  const response = await page.goto(`/landing/${offering.customUrl}`);
  const html = (await response?.text()) ?? "";
  // The server escaped it into <title>, the description and Open Graph tags, and the inline JSON.
  expect(html).not.toContain("<script>window.__xss");
  expect(html).not.toContain('<img src=x onerror="window.__xss=1">');
  await expect(page.getByRole("heading", { level: 1 })).toContainText(
    '<img src=x onerror="window.__xss=1">Lawn "Care"',
  );
  expect(
    await page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
  ).toBeUndefined();
  expect(await page.title()).toContain("<img src=x");
});
