import { describe, expect, it } from "vitest";
import { freeSeatsLine, isOnWaitlist, waitlistStatusLabel } from "./waitlist-words";

describe("waitlistStatusLabel", () => {
  it("says each status in words, an invitation with its end", () => {
    const format = (iso: string) => `<${iso}>`;
    const at = "2026-12-02T15:00:00.000Z";
    expect(waitlistStatusLabel({ status: "waiting", inviteExpiresAt: null }, format)).toBe(
      "Waiting",
    );
    expect(waitlistStatusLabel({ status: "invited", inviteExpiresAt: at }, format)).toBe(
      `Invited until <${at}>`,
    );
    expect(waitlistStatusLabel({ status: "subscribed", inviteExpiresAt: at }, format)).toBe(
      "Subscribed",
    );
    expect(waitlistStatusLabel({ status: "removed", inviteExpiresAt: null }, format)).toBe(
      "Removed",
    );
    expect(waitlistStatusLabel({ status: "lapsed", inviteExpiresAt: at }, format)).toBe(
      "Invitation expired",
    );
  });
});

describe("freeSeatsLine", () => {
  it("counts free seats, says Full at none and names no limit", () => {
    expect(freeSeatsLine(2)).toBe("2 seats free");
    expect(freeSeatsLine(1)).toBe("1 seat free");
    expect(freeSeatsLine(0)).toBe("Full");
    expect(freeSeatsLine(null)).toBe("No capacity limit");
  });
});

describe("isOnWaitlist", () => {
  it("keeps waiting and invited people on the list", () => {
    expect(isOnWaitlist({ status: "waiting" })).toBe(true);
    expect(isOnWaitlist({ status: "invited" })).toBe(true);
    expect(isOnWaitlist({ status: "lapsed" })).toBe(false);
  });
});
