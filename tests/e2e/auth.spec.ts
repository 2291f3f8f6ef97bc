import { randomUUID } from "node:crypto";
import { expect, test } from "./fixtures";

test("a creator signs up, is routed to onboarding, signs out and back in, and sees a wrong-password error", async ({
  page,
}) => {
  const email = `e2e-${randomUUID().slice(0, 8)}@example.com`;
  const password = "sunny-lawns";

  await page.goto("/");
  await page.getByRole("link", { name: "Get Started" }).first().click();
  await expect(page.getByRole("heading", { name: "Create Account" })).toBeVisible();

  // Validation per spec section 5, shown at the fields.
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password").fill("12345");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Enter a valid email address")).toBeVisible();
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();

  // Just signed up: the onboarding wizard replaces the routes.
  await expect(page.getByText("Step 1 of 4")).toBeVisible();
  await page.goto("/dashboard");
  await expect(page.getByText("Step 1 of 4")).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(
    page.getByRole("heading", { name: "Turn your service into steady monthly income" }),
  ).toBeVisible();
  await page.goto("/dashboard");
  await expect(page).toHaveURL("/");

  await page.goto("/?auth=signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("not-my-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toContainText(/invalid email or password/i);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  // Onboarding is not finished, so the wizard still replaces the routes.
  await expect(page.getByText("Step 1 of 4")).toBeVisible();
});

test("sign-up doesn't say whether an address has an account; a password of spaces is refused", async ({
  page,
}) => {
  const email = `e2e-${randomUUID().slice(0, 8)}@example.com`;
  await page.goto("/?auth=signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("      ");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Password can't be only spaces")).toBeVisible();
  await page.getByLabel("Password").fill("first-owner");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Step 1 of 4")).toBeVisible();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL("/");

  // Someone else tries the same address: no account is made, no session, and the form says
  // only what it would say to anyone; the owner gets an e-mail.
  await page.goto("/?auth=signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("someone-else");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "If this address already has an account, we've e-mailed it. Sign in or reset your password.",
  );
  await page.goto("/dashboard");
  await expect(page).toHaveURL("/");
  const outbox = await page.request.get("/api/dev/outbox");
  expect(JSON.stringify(await outbox.json())).toContain(
    "Someone tried to create a Regulars account with your e-mail",
  );
});

test("signed-out visitors are sent from /dashboard to /, and unknown paths redirect to /", async ({
  page,
}) => {
  await page.goto("/dashboard");
  await expect(page).toHaveURL("/");
  await page.goto("/no/such/page");
  await expect(page).toHaveURL("/");
  await page.goto("/no-such-offering-slug");
  await expect(page).toHaveURL("/");
});

test("sign in shows the error box for a wrong password", async ({ page }) => {
  await page.goto("/?auth=signin");
  await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
  await page.getByLabel("Email").fill("nobody@example.com");
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toContainText(/invalid email or password/i);
  await page.getByRole("link", { name: "Back to homepage" }).click();
  await expect(page).toHaveURL("/");
});
