import type { Locator, Page } from "@playwright/test";

/** A card expiry three years ahead, as the customer types it ("MMYY"). */
const expiry = `12${String(new Date().getFullYear() + 3).slice(-2)}`;

/** The subscribe dialog's first step: who is subscribing. Returns the dialog. */
export async function fillSubscriberInfo(dialog: Locator, name: string, email: string) {
  await dialog.getByLabel("Full Name").fill(name);
  await dialog.getByLabel("Email Address").fill(email);
  await dialog.getByRole("button", { name: "Continue to Payment" }).click();
  return dialog;
}

/** The payment step: a card number (spaces or not) with a valid expiry and CVC. */
export async function typeCard(page: Page, number: string) {
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Card number").fill(number);
  await dialog.getByLabel("Expiration date MM / YY").fill(expiry);
  await dialog.getByLabel("CVC").fill("123");
}
