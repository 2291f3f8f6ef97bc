import { OFFERING_FULL_MESSAGE } from "@contracts/landing";
import { describe, expect, it } from "vitest";
import { publicOfferingWith } from "../../../../tests/factories/public-offering-factory";
import { renderLandingApp } from "./server-render";

// What the server draws before any script runs (ADR 007): a full offering must offer the
// waitlist there too, its button disabled until the page has hydrated.
const escaped = (text: string) => text.replaceAll("'", "&#x27;");

describe("renderLandingApp", () => {
  it("draws a full offering with the waitlist in place of Subscribe, and no count", () => {
    const html = renderLandingApp(publicOfferingWith({ isFull: true }));
    expect(html).toContain(escaped(OFFERING_FULL_MESSAGE));
    expect(html.match(/<button[^>]*disabled=""[^>]*>Join the waitlist<\/button>/g)).toHaveLength(2);
    expect(html).not.toContain("Subscribe Now");
    expect(html).not.toMatch(/\d+ (people|on the waitlist|waiting)/);
  });

  it("draws an offering with seats left as before", () => {
    const html = renderLandingApp(publicOfferingWith());
    expect(html).toContain("Subscribe Now");
    expect(html).not.toContain("Join the waitlist");
  });
});
