import { expect, test } from "./fixtures";
import { createSellingCreator, subscribeThroughApi, uniqueEmail } from "./helpers/api";
import { signUpAndSignIn } from "./helpers/auth";
import { linkFromOutbox } from "./helpers/outbox";
import { screenshotForReview } from "./helpers/screenshot";

// Issue 10: creators can't be locked out, customers can always find their subscription.
// The mail is read from the dev outbox, as a tester would. Screenshots go to /tmp.
const phone = { width: 375, height: 812 };
const desktop = { width: 1280, height: 800 };

test("forgot password: the e-mailed link sets a new password, then sign-in works with it", async ({
  page,
  request,
  baseURL,
}) => {
  const seller = await createSellingCreator(request, baseURL!, {
    title: `Pool Care ${Date.now()}`,
    priceCents: 3000,
  });

  await page.setViewportSize(phone);
  await page.goto("/?auth=signin");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL("/forgot-password");
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await screenshotForReview(page, { path: "/tmp/forgot-password-375.png", fullPage: true });
  await page.getByLabel("Email").fill(seller.email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("status")).toContainText("If an account uses that address");
  await screenshotForReview(page, { path: "/tmp/forgot-password-sent-375.png", fullPage: true });
  await page.setViewportSize(desktop);
  await screenshotForReview(page, { path: "/tmp/forgot-password-sent-1280.png" });

  const link = await linkFromOutbox(page.request, seller.email, "/api/auth/reset-password/");
  await page.setViewportSize(phone);
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("fresh-pass-1");
  await page.getByLabel("Confirm new password").fill("fresh-pass-2");
  await page.getByRole("button", { name: "Set New Password" }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await screenshotForReview(page, { path: "/tmp/reset-password-375.png", fullPage: true });
  await page.getByLabel("Confirm new password").fill("fresh-pass-1");
  await page.getByRole("button", { name: "Set New Password" }).click();
  await expect(page.getByRole("status")).toContainText("Your password has been changed");
  await page.setViewportSize(desktop);
  await screenshotForReview(page, { path: "/tmp/reset-password-done-1280.png" });

  await page.getByRole("link", { name: "Sign In", exact: true }).click();
  await page.getByLabel("Email").fill(seller.email);
  await page.getByLabel("Password").fill("fresh-pass-1");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL("/dashboard");

  // The link was spent: opening it again says so and offers a new one.
  await page.goto(link);
  await expect(page.getByText("This reset link has expired or was already used.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Send a New Link" })).toBeVisible();
});

test("verify e-mail: the dashboard asks until the outbox link is opened", async ({ page }) => {
  const email = uniqueEmail("verify");
  await page.goto("/");
  const origin = new URL(page.url()).origin;
  await signUpAndSignIn(page.request, origin, { email, password: "verify-pass" });
  await page.request.post("/api/onboarding/complete", {
    headers: { Origin: origin },
    data: {
      businessName: "Val's Cakes",
      businessType: "services",
      monthlyRevenue: "0-1k",
      goals: [],
    },
  });

  await page.setViewportSize({ width: 768, height: 900 });
  await page.goto("/dashboard");
  const banner = page.getByRole("region", { name: "E-mail verification" });
  await expect(banner).toContainText("Please verify your e-mail address");
  await expect(banner).toContainText(email);
  await banner.getByRole("button", { name: "Resend" }).click();
  await expect(
    page.getByText(`Verification e-mail sent to ${email}.`, { exact: true }),
  ).toBeVisible();
  await screenshotForReview(page, { path: "/tmp/verify-banner-768.png" });

  await page.goto(await linkFromOutbox(page.request, email, "/api/auth/verify-email?"));
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("tab", { name: "Overview" })).toBeVisible();
  await expect(banner).toHaveCount(0);
});

test("lost your link: a landing page leads to /manage, and the e-mailed link opens the self-service page", async ({
  page,
  request,
  baseURL,
}) => {
  const title = `Bike Repairs ${Date.now()}`;
  const seller = await createSellingCreator(request, baseURL!, { title, priceCents: 2000 });
  const customerEmail = uniqueEmail("lost");
  await subscribeThroughApi(
    request,
    baseURL!,
    seller.offering.customUrl,
    "Lou Lost",
    customerEmail,
  );

  const scripts: string[] = [];
  page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
  await page.setViewportSize(phone);
  await page.goto(`/landing/${seller.offering.customUrl}`);
  await screenshotForReview(page, { path: "/tmp/landing-lost-link-375.png" });
  await page.getByRole("link", { name: "Lost your link?" }).click();
  await expect(page).toHaveURL("/manage");
  await expect(page.getByRole("heading", { name: "Find your subscriptions" })).toBeVisible();
  await screenshotForReview(page, { path: "/tmp/manage-375.png", fullPage: true });
  // A public page: none of the dashboard's or sign-in's code is loaded.
  expect(scripts.filter((url) => /dashboard|creator-gate|auth-screen/.test(url))).toEqual([]);
  await page.getByLabel("Email Address").fill(customerEmail);
  await page.getByRole("button", { name: "Email Me My Links" }).click();
  await expect(page.getByRole("status")).toContainText(
    "If that address has subscriptions, we've sent it a link to each one.",
  );
  await screenshotForReview(page, { path: "/tmp/manage-sent-375.png", fullPage: true });
  await page.setViewportSize(desktop);
  await screenshotForReview(page, { path: "/tmp/manage-sent-1280.png" });

  await page.goto(await linkFromOutbox(page.request, customerEmail, "/customer/"));
  await expect(page.getByRole("heading", { name: "Manage Your Subscription" })).toBeVisible();
  await expect(page.getByText(title).first()).toBeVisible();
});
