import { expect, type Page } from "@playwright/test";

/**
 * Asks for an e-mail change on the self-service page. Nothing changes until the new address
 * confirms (issue 18): the page says a link was sent and still shows the current address.
 */
export async function askForEmailChange(page: Page, currentEmail: string, newEmail: string) {
  await page.getByRole("button", { name: "Edit" }).click();
  await page.getByRole("textbox", { name: "Email" }).fill(newEmail);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(
    page.getByRole("status").filter({
      hasText: `We've sent a confirmation link to ${newEmail}. Your e-mail changes once you open it.`,
    }),
  ).toBeVisible();
  await expect(page.getByText(currentEmail, { exact: true })).toBeVisible();
}
