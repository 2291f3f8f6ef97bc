import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { e2eDataDir } from "../../playwright.config";
import { expect, test } from "./fixtures";

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

test("session cookies are HttpOnly and SameSite", async ({ page, baseURL }) => {
  const response = await page.request.post(`${baseURL}/api/auth/sign-up/email`, {
    headers: { Origin: baseURL! },
    data: { email: `cookie-${Date.now()}@example.com`, password: "secret1", name: "" },
  });
  expect(response.status()).toBe(200);
  const setCookie = response.headersArray().filter((h) => h.name.toLowerCase() === "set-cookie");
  const session = setCookie.find((h) => h.value.startsWith("better-auth.session_token="));
  expect(session?.value).toMatch(/HttpOnly/i);
  expect(session?.value).toMatch(/SameSite=Lax/i);
});
