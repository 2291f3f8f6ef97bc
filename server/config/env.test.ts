import { describe, expect, it } from "vitest";
import { parseConfig } from "./env";

const production = {
  NODE_ENV: "production",
  PUBLIC_URL: "https://regulars.example",
  DATABASE_URL: "postgres://app@db.internal:5432/regulars",
  BETTER_AUTH_SECRET: "a-production-secret-of-at-least-32-chars",
  STRIPE_SECRET_KEY: "sk_live_123",
  STRIPE_PUBLISHABLE_KEY: "pk_live_123",
  STRIPE_WEBHOOK_SECRET: "whsec_platform",
  STRIPE_CONNECT_WEBHOOK_SECRET: "whsec_connect",
  SMTP_URL: "smtps://user:pass@smtp.example:465",
};

describe("configuration", () => {
  it("starts in production with real keys, and never in emulator mode there", () => {
    const config = parseConfig(production);
    expect(config.stripe.kind).toBe("stripe");
    expect(config.stripe.kind === "stripe" && config.stripe.webhookSecrets).toEqual([
      "whsec_platform",
      "whsec_connect",
    ]);
  });

  it("names every variable production is missing", () => {
    expect(() => parseConfig({ NODE_ENV: "production" })).toThrow(
      "NODE_ENV=production needs PUBLIC_URL, DATABASE_URL, BETTER_AUTH_SECRET, STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_CONNECT_WEBHOOK_SECRET, SMTP_URL.",
    );
    const { STRIPE_CONNECT_WEBHOOK_SECRET: _, SMTP_URL: __, ...partial } = production;
    expect(() => parseConfig(partial)).toThrow(
      "NODE_ENV=production needs STRIPE_CONNECT_WEBHOOK_SECRET, SMTP_URL.",
    );
  });

  it("refuses the emulator in production", () => {
    expect(() =>
      parseConfig({ ...production, STRIPE_EMULATOR_URL: "http://127.0.0.1:12111" }),
    ).toThrow("STRIPE_EMULATOR_URL is for development and tests");
  });

  it("listens on this machine only unless HOST says otherwise", () => {
    expect(parseConfig({}).host).toBe("127.0.0.1");
    expect(parseConfig({ HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
  });
});
