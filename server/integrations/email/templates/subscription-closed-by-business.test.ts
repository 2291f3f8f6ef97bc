import { describe, expect, it } from "vitest";
import { renderSubscriptionClosedByBusinessEmail } from "./subscription-closed-by-business";

describe("the e-mail a business's closing sends its subscribers", () => {
  it("says who closed it and when, that nothing more is charged, in both parts, with no link", async () => {
    const message = await renderSubscriptionClosedByBusinessEmail({
      to: "ann@example.com",
      subscriberName: "Ann <b>",
      offeringTitle: "Bread Club",
      businessName: "Joe's Bakery",
      closedAt: new Date("2026-11-26T23:30:00Z"),
    });
    expect(message.to).toBe("ann@example.com");
    expect(message.subject).toBe("Your Bread Club subscription has ended");
    for (const part of [message.text, message.html.replaceAll("&#x27;", "'")]) {
      expect(part).toContain(
        "Joe's Bakery closed their Regulars account on November 26, 2026, which ended your Bread Club subscription.",
      );
      expect(part).toContain("No further charges will be made");
    }
    // Names people typed are text, never markup.
    expect(message.html).toContain("Ann &lt;b&gt;");
    expect(message.html).not.toContain("href=");
  });
});
