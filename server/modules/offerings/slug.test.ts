import { describe, expect, it } from "vitest";
import { createCustomUrl, isReservedSlug, RESERVED_SLUGS } from "./slug";

const uuid = "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";

describe("createCustomUrl", () => {
  it("follows the spec: lowercase, whitespace to hyphens, then the first 8 UUID characters", () => {
    expect(createCustomUrl("Weekly Lawn Care", uuid)).toBe("weekly-lawn-care-1a2b3c4d");
    expect(createCustomUrl("  Dog   Walking\tDaily ", uuid)).toBe("dog-walking-daily-1a2b3c4d");
  });

  it("folds accents and drops characters that are not URL-safe", () => {
    expect(createCustomUrl("Café Crème", uuid)).toBe("cafe-creme-1a2b3c4d");
    expect(createCustomUrl("Lawn & Garden! 🌱 50% off?", uuid)).toBe("lawn-garden-50-off-1a2b3c4d");
    expect(createCustomUrl("<script>alert(1)</script>", uuid)).toBe("scriptalert1script-1a2b3c4d");
    expect(createCustomUrl("x'; drop table offerings; --", uuid)).toBe(
      "x-drop-table-offerings-1a2b3c4d",
    );
  });

  it("falls back when nothing usable is left and caps long titles", () => {
    expect(createCustomUrl("!!!", uuid)).toBe("subscription-1a2b3c4d");
    const long = createCustomUrl("a ".repeat(100), uuid);
    expect(long.length).toBeLessThanOrEqual(60 + 9);
    expect(long).toMatch(/^[a-z0-9-]+-1a2b3c4d$/);
  });

  it("never produces a reserved word", () => {
    for (const word of RESERVED_SLUGS) {
      expect(isReservedSlug(createCustomUrl(word, uuid))).toBe(false);
    }
    expect(isReservedSlug("Dashboard")).toBe(true);
    expect(isReservedSlug("weekly-lawn-care-1a2b3c4d")).toBe(false);
  });

  it("uses a random UUID by default", () => {
    expect(createCustomUrl("Tutoring")).toMatch(/^tutoring-[0-9a-f]{8}$/);
    expect(createCustomUrl("Tutoring")).not.toBe(createCustomUrl("Tutoring"));
  });
});
