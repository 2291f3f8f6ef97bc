import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { e2eDataDir } from "../../playwright.config";
import { expect, test } from "./fixtures";
import { signUpAndSignIn } from "./helpers/auth";

// The web server was built by `npm start` before these tests ran.
const distDir = path.resolve("dist/web");

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

test("the built client bundle contains no secret key, webhook secret or database URL", () => {
  const files = filesUnder(distDir).filter((f) => /\.(js|css|html|json|map)$/.test(f));
  expect(files.length).toBeGreaterThan(0);
  // Variable names may appear in library code; values must not.
  const forbidden = [/sk_(test|live)_[A-Za-z0-9]/, /whsec_[A-Za-z0-9]/, /postgres(ql)?:\/\/\w/];
  const secretFile = path.join(e2eDataDir, "auth-secret");
  if (existsSync(secretFile)) forbidden.push(new RegExp(readFileSync(secretFile, "utf8").trim()));
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    for (const pattern of forbidden) {
      expect(pattern.test(text), `${path.relative(distDir, file)} matches ${pattern}`).toBe(false);
    }
  }
});

test("session cookies are HttpOnly and SameSite, and no page script can read the token", async ({
  page,
  baseURL,
}) => {
  const email = `cookie-${Date.now()}@example.com`;
  const response = await signUpAndSignIn(page.request, baseURL!, { email, password: "secret1" });
  expect(response.status()).toBe(200);
  const setCookie = response.headersArray().filter((h) => h.name.toLowerCase() === "set-cookie");
  const session = setCookie.find((h) => h.value.startsWith("better-auth.session_token="));
  expect(session?.value).toMatch(/HttpOnly/i);
  expect(session?.value).toMatch(/SameSite=Lax/i);

  // What a script in the page can reach: document.cookie and the session JSON.
  const token = decodeURIComponent(session!.value.split(";")[0]!.split("=")[1]!).split(".")[0]!;
  await page.goto("/dashboard");
  const visible = await page.evaluate(async () => ({
    cookie: document.cookie,
    session: await (await fetch("/api/auth/get-session")).text(),
  }));
  expect(visible.cookie).not.toContain(token);
  expect(visible.session).toContain(email);
  expect(visible.session).not.toContain(token);
  expect(visible.session).not.toMatch(/"token"/);
});
