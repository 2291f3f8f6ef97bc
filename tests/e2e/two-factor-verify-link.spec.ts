import { expect, test, testClientAddress } from "./fixtures";
import { linkFromOutbox, uniqueEmail } from "./helpers/api";
import { signUpAndSignIn } from "./helpers/auth";
import { totpCode } from "./helpers/totp";

// Issue 18, Security 1: a verification link never signs anyone in past two-factor
// authentication. The attacker knows only the address: they ask for the e-mail and open the link.

test("a verification link opened in another browser verifies the address but leaves it signed out, not on the dashboard", async ({
  page,
  browser,
  baseURL,
}) => {
  const email = uniqueEmail("twofa-unverified");
  const password = "owner-pass-1";
  // The owner: signs up, turns 2FA on, never verifies (through the API the Account tab uses).
  const owner = await browser.newContext({ baseURL });
  const headers = { Origin: baseURL!, "X-Forwarded-For": testClientAddress() };
  await signUpAndSignIn(owner.request, baseURL!, { email, password });
  const enabled = await owner.request.post("/api/auth/two-factor/enable", {
    headers,
    data: { password },
  });
  const { totpURI } = (await enabled.json()) as { totpURI: string };
  const secret = new URL(totpURI).searchParams.get("secret")!;
  const confirmed = await owner.request.post("/api/auth/two-factor/verify-totp", {
    headers,
    data: { code: totpCode(secret) },
  });
  expect(confirmed.status()).toBe(200);
  await owner.close();

  // Anyone: asks for a verification e-mail to that address, and opens the link.
  const asked = await page.request.post("/api/auth/send-verification-email", {
    headers: { Origin: baseURL!, "X-Forwarded-For": testClientAddress() },
    data: { email, callbackURL: "/dashboard" },
  });
  expect(asked.status()).toBe(200);
  const link = await linkFromOutbox(page.request, email, "/api/auth/verify-email?");
  await page.goto(link);

  // Signed out: the dashboard sends the browser to the home page, which offers to sign in.
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Overview" })).toHaveCount(0);
  await page.screenshot({ path: "/tmp/two-factor-verify-link.png" });
  const me = await page.request.get("/api/me");
  expect(me.status()).toBe(401);
});
