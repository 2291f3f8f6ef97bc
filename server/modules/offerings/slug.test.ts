import { describe, expect, it } from "vitest";
import { isCustomUrlShape } from "../../../contracts/custom-url";
import { createCustomUrl, isReservedSlug, MAX_SLUG_TITLE_LENGTH, RESERVED_SLUGS } from "./slug";

const uuid = "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
const cleanSegment = /^[a-z0-9]+(-[a-z0-9]+)*$/;

describe("createCustomUrl", () => {
  it("follows the spec: lowercase, whitespace to hyphens, then the first 8 UUID characters", () => {
    expect(createCustomUrl("Weekly Lawn Care", uuid)).toBe("weekly-lawn-care-1a2b3c4d");
    expect(createCustomUrl("  Dog   Walking\tDaily\n", uuid)).toBe("dog-walking-daily-1a2b3c4d");
    expect(createCustomUrl("TUTORING", "ABCDEF12-0000-4000-8000-000000000000")).toBe(
      "tutoring-abcdef12",
    );
  });

  it("folds accents and other Latin letters to ASCII", () => {
    expect(createCustomUrl("Café Crème", uuid)).toBe("cafe-creme-1a2b3c4d");
    expect(createCustomUrl("Piñata Größe Ærø Łódź", uuid)).toBe("pinata-grosse-aero-lodz-1a2b3c4d");
    expect(createCustomUrl("ﬁne Ｗｉｎｅ", uuid)).toBe("fine-wine-1a2b3c4d");
    expect(createCustomUrl("non\u00a0breaking", uuid)).toBe("non-breaking-1a2b3c4d");
  });

  it("drops emoji, punctuation and non-Latin scripts", () => {
    expect(createCustomUrl("Lawn & Garden! 🌱 50% off?", uuid)).toBe("lawn-garden-50-off-1a2b3c4d");
    expect(createCustomUrl("🐶🐶 Dog 👨‍👩‍👧 Walks", uuid)).toBe("dog-walks-1a2b3c4d");
    expect(createCustomUrl("Mr. Clean_Up / Co.", uuid)).toBe("mr-cleanup-co-1a2b3c4d");
    expect(createCustomUrl("Уборка дома", uuid)).toBe("subscription-1a2b3c4d");
    expect(createCustomUrl("寿司 Box", uuid)).toBe("box-1a2b3c4d");
  });

  it("drops SQL, HTML and path fragments", () => {
    expect(createCustomUrl("<script>alert(1)</script>", uuid)).toBe("scriptalert1script-1a2b3c4d");
    expect(createCustomUrl("x'; drop table offerings; --", uuid)).toBe(
      "x-drop-table-offerings-1a2b3c4d",
    );
    expect(createCustomUrl('" OR 1=1 --', uuid)).toBe("or-11-1a2b3c4d");
    expect(createCustomUrl("../../etc/passwd?x=1#y", uuid)).toBe("etcpasswdx1y-1a2b3c4d");
    expect(createCustomUrl("%2e%2e%2F admin", uuid)).toBe("2e2e2f-admin-1a2b3c4d");
  });

  it("collapses and trims hyphens", () => {
    expect(createCustomUrl("--Dog -- Walking--", uuid)).toBe("dog-walking-1a2b3c4d");
    expect(createCustomUrl("a - - b", uuid)).toBe("a-b-1a2b3c4d");
  });

  it('falls back to "subscription" when nothing usable is left', () => {
    for (const title of ["", "   ", "!!!", "🌱🌱", "---", "\t\n"]) {
      expect(createCustomUrl(title, uuid)).toBe("subscription-1a2b3c4d");
    }
  });

  it("caps the title part at 60 characters without a dangling hyphen", () => {
    const long = createCustomUrl("a".repeat(200), uuid);
    expect(long).toBe(`${"a".repeat(MAX_SLUG_TITLE_LENGTH)}-1a2b3c4d`);

    // Cut right after a hyphen: the trailing hyphen goes, never "--" before the suffix.
    const words = createCustomUrl(`${"b".repeat(59)} tail`, uuid);
    expect(words).toBe(`${"b".repeat(59)}-1a2b3c4d`);

    for (const title of ["a ".repeat(100), "word ".repeat(40), "é".repeat(100)]) {
      const slug = createCustomUrl(title, uuid);
      expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_TITLE_LENGTH + 9);
      expect(slug).toMatch(cleanSegment);
      expect(slug.endsWith("-1a2b3c4d")).toBe(true);
    }
  });

  it("always yields one clean path segment", () => {
    for (const title of ["Weekly Lawn Care", "<b>x</b>", "a/b\\c", "ü", "%00", "Ω≈ç√∫"]) {
      expect(createCustomUrl(title)).toMatch(cleanSegment);
    }
  });

  it("only yields custom URLs the public routes accept (contracts/custom-url.ts)", () => {
    for (const title of ["Weekly Lawn Care", "x".repeat(200), "\u0000", "ÆØÅ", "-", "🎉"]) {
      expect(isCustomUrlShape(createCustomUrl(title))).toBe(true);
    }
  });

  it("uses a random UUID by default", () => {
    expect(createCustomUrl("Tutoring")).toMatch(/^tutoring-[0-9a-f]{8}$/);
    expect(createCustomUrl("Tutoring")).not.toBe(createCustomUrl("Tutoring"));
  });

  it("refuses a random id too short to give 8 characters", () => {
    expect(() => createCustomUrl("Tutoring", "abc")).toThrow();
  });
});

describe("reserved slugs", () => {
  it("lists the app's root paths", () => {
    for (const word of [
      "dashboard",
      "landing",
      "customer",
      "success",
      "api",
      "assets",
      "features",
      "pricing",
      "dev",
      "auth",
      "static",
      "favicon.ico",
      "robots.txt",
      "index.html",
      "login",
      "signup",
      "sign-in",
      "sign-up",
      "admin",
      "settings",
      "webhooks",
      "health",
      "_emulator",
    ]) {
      expect(RESERVED_SLUGS.has(word), word).toBe(true);
    }
  });

  it("matches case-insensitively", () => {
    expect(isReservedSlug("Dashboard")).toBe(true);
    expect(isReservedSlug("API")).toBe(true);
    expect(isReservedSlug("weekly-lawn-care-1a2b3c4d")).toBe(false);
    expect(isReservedSlug("dashboards")).toBe(false);
  });

  it("is never produced, even from a reserved title", () => {
    for (const word of RESERVED_SLUGS) {
      const slug = createCustomUrl(word, uuid);
      expect(isReservedSlug(slug), slug).toBe(false);
      expect(slug).toMatch(cleanSegment);
    }
    expect(createCustomUrl("Dashboard", uuid)).toBe("dashboard-1a2b3c4d");
  });
});
