import { expect, type Page } from "@playwright/test";

/**
 * On the dashboard: opens the Subscribers tab, searches for part of an e-mail and opens the
 * detail of the subscriber called `name`. Returns the detail dialog (the refund journey goes on
 * from here).
 */
export async function findAndOpenSubscriber(page: Page, emailPart: string, name: string) {
  await page.getByRole("tab", { name: "Subscribers" }).click();
  await page.getByLabel("Search").fill(emailPart);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(emailPart)}`));
  await page.getByRole("button", { name, exact: true }).click();
  const detail = page.getByRole("dialog", { name });
  await expect(detail.getByText("Self-service link")).toBeVisible();
  return detail;
}
